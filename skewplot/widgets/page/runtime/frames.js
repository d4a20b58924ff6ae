(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("skewplot-data").textContent);
  var SRC = [
$images
  ];
  var imgs = SRC.map(function (s) { var im = new Image(); im.src = s; return im; });
  var canvas = document.getElementById("skewplot-canvas");
  var ctx = canvas.getContext("2d");
  var table = document.getElementById("skewplot-table");
  var box = document.getElementById("skewplot-controls");
  var idx = D.controls.map(function (c) { return c.start; });
  var inputs = [], outs = [];
  var page = window.skewplotPage = {ready: false, paints: 0, lastPaintMs: null, state: null};

  function state() {
    var s = 0;
    for (var i = 0; i < idx.length; i++) { s = s * D.sizes[i] + idx[i]; }
    return s;
  }
  function paint() {
    var t0 = performance.now(), s = state(), sp = D.sprites[s];
    ctx.drawImage(imgs[0], 0, 0);
    if (sp) { ctx.drawImage(imgs[sp[2]], sp[0], sp[1]); }
    table.innerHTML = D.tables[D.table_of[s]];
    for (var i = 0; i < idx.length; i++) {
      inputs[i].value = idx[i];
      outs[i].textContent = D.controls[i].labels[idx[i]];
    }
    page.state = s;
    page.paints += 1;
    page.lastPaintMs = performance.now() - t0;
  }
  page.set = function (control, index) { idx[control] = index; paint(); };

  D.controls.forEach(function (c, i) {
    var label = document.createElement("label");
    var input = document.createElement("input");
    var out = document.createElement("output");
    input.type = "range"; input.min = 0; input.max = c.labels.length - 1; input.step = 1; input.value = c.start;
    input.dataset.control = c.name;
    input.addEventListener("input", function () { idx[i] = +input.value; paint(); });
    label.appendChild(document.createTextNode(c.label));
    label.appendChild(input);
    label.appendChild(out);
    box.appendChild(label);
    inputs.push(input); outs.push(out);
  });
  D.buttons.forEach(function (b) {
    var button = document.createElement("button");
    button.textContent = b.label;
    button.addEventListener("click", function () { page.set(b.control, b.index); });
    box.appendChild(button);
  });
  Promise.all(imgs.map(function (im) { return im.decode(); })).then(function () {
    paint();
    page.ready = true;
  });
})();
