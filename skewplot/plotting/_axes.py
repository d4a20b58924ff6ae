"""Axis labels of the PR and ROC spaces, written in one place for every display that draws them."""

from __future__ import annotations

__all__ = ["label_pr_axes", "label_roc_axes"]


def label_pr_axes(ax, model, skew, skew_label="axis"):
    """Label recall and the precision of ``model`` (the data set's own skew when ``skew`` is None).

    With ``skew_label="title"`` the y label stays fixed mathtext and the skew
    goes to the title (cheap to update while a slider moves).
    """
    if ax.get_xlabel() != "Recall (TPR)":
        ax.set_xlabel("Recall (TPR)")
    if skew is None:
        ax.set_ylabel(f"Precision $P$ (data set, $\\pi={model.mean:.3g}$)")
    elif skew_label == "title":  # plain text that changes, mathtext that does not
        label = f"Precision ${model.symbol}$"
        if ax.get_ylabel() != label:  # set_ylabel marks the axis stale even when nothing changes
            ax.set_ylabel(label)
        ax.set_title(model.describe())
    else:
        ax.set_ylabel(f"Precision {model.label()}")


def label_roc_axes(ax):
    """Label the false and true positive rates."""
    ax.set_xlabel("False positive rate (FPR)")
    ax.set_ylabel("True positive rate (TPR)")
