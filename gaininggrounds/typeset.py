"""Figures as typeset text shows them: a negative one with a true minus sign (U+2212), not a hyphen, on
every page that shows a rating, a Differential or a chart's axis."""


def minus(figure) -> str:
    shown = str(figure)
    return "\u2212" + shown[1:] if shown.startswith("-") else shown
