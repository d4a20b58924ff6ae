# One R tool, one data directory, a fresh process: times the computation only and prints JSON.
#
# Run by bench_pipeline.py when Rscript and the packages are installed; not meant to be run by hand.
# Usage: Rscript _r_worker.R TOOL DATA_DIR REPEAT
#
# DATA_DIR holds score.bin (float64), label.bin (int8) and soft.bin (float64 soft labels), little-endian,
# written once by the driver.  TOOL is PRROC, PRROC-weighted, precrec or ROCR.  Reading the files, loading
# the package and splitting the scores by class (the form PRROC takes) are not timed; the tool runs once
# on 1000 points first, then REPEAT times on all of them.  The JSON line holds every wall time and the
# areas the tool computed, named as skewplot's (aucpr: continuous; discrete-tp: Davis-Goadrich;
# trapezoid: straight lines in PR space), for the agreement column.

args <- commandArgs(trailingOnly = TRUE)
tool <- args[1]
path <- args[2]
repeats <- as.integer(args[3])
n <- file.size(file.path(path, "score.bin")) / 8
s <- readBin(file.path(path, "score.bin"), "double", n)
y <- readBin(file.path(path, "label.bin"), "integer", n, size = 1)
soft <- readBin(file.path(path, "soft.bin"), "double", n)

run <- switch(tool,
  "PRROC" = {
    suppressMessages(library(PRROC))
    function(s, y, soft) {
      fg <- s[y == 1]
      bg <- s[y == 0]
      function() {
        r <- pr.curve(scores.class0 = fg, scores.class1 = bg, curve = FALSE, dg.compute = TRUE)
        list(aucpr = r$auc.integral, "discrete-tp" = r$auc.davis.goadrich)
      }
    }
  },
  "PRROC-weighted" = {
    suppressMessages(library(PRROC))
    function(s, y, soft) function() {
      list(aucpr = pr.curve(scores.class0 = s, weights.class0 = soft, curve = FALSE)$auc.integral)
    }
  },
  "precrec" = {
    suppressMessages(library(precrec))
    function(s, y, soft) function() {
      a <- auc(evalmod(scores = s, labels = y))
      list(aucpr = a$aucs[a$curvetypes == "PRC"])  # its PRC area: supporting points between the thresholds
    }
  },
  "ROCR" = {
    suppressMessages(library(ROCR))
    function(s, y, soft) function() {
      list(trapezoid = performance(prediction(s, y), "aucpr")@y.values[[1]])
    }
  },
  stop("unknown tool ", tool)
)

warm <- c(1:500, (n - 499):n)
invisible(run(s[warm], y[warm], soft[warm])())
call <- run(s, y, soft)
times <- numeric(repeats)
for (i in seq_len(repeats)) {
  t0 <- as.numeric(Sys.time())
  values <- call()
  times[i] <- as.numeric(Sys.time()) - t0
}
vals <- paste(sprintf('"%s": %.17g', names(values), unlist(values)), collapse = ", ")
cat(sprintf('{"tool": "%s", "times": [%s], "values": {%s}}\n', tool,
            paste(sprintf("%.6f", times), collapse = ", "), vals))
