"""Charts as inline SVG drawn by `leather` (a kept library: no script, nothing from another host). We
only frame its output for a page: a title screen readers announce, and a viewBox so it shrinks to a
phone's width."""
from __future__ import annotations

import io
import re

import leather
from django.utils.formats import date_format, number_format
from django.utils.html import escape

from gaininggrounds.typeset import minus

WIDTH, HEIGHT = 400, 240  # about a phone's width, so the labels read at their size there

leather.theme.default_font_family = "system-ui, sans-serif"
leather.theme.title_font_family = "system-ui, sans-serif"
leather.theme.tick_font_family = "system-ui, sans-serif"
leather.theme.legend_font_family = "system-ui, sans-serif"


def framed(chart: leather.Chart, title: str, *, width: int = WIDTH, height: int = HEIGHT) -> str:
    """The chart's SVG element alone, scalable, with `title` as its accessible name."""
    buffer = io.StringIO()
    chart.to_svg(buffer, width=width, height=height)
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg"):]
    svg = re.sub(r'<svg width="[^"]*" height="[^"]*"',
                 f'<svg viewBox="0 0 {width} {height}" role="img" class="chart"', svg, count=1)
    return svg.replace(">", f"><title>{escape(title)}</title>", 1)


def line_over_time(points: list[tuple], title: str, *, name: str) -> str:
    """One series over dates (a rating's history), ticks as day/month/year; `name` labels the line."""
    chart = leather.Chart()
    days = sorted({day for day, _value in points})
    ticks = days if len(days) <= 3 else [days[0], days[len(days) // 2], days[-1]]  # three fit a phone
    chart.add_x_axis(ticks=ticks, tick_formatter=lambda value, _index, _count: date_format(value, "SHORT_DATE_FORMAT"))
    chart.add_y_axis(tick_formatter=lambda value, _index, _count: minus(number_format(value, 1)))  # "2,5" in French
    chart.add_line(points, name=name, stroke_color="#2a6f97", width=2)
    return edge_labels(framed(chart, title))


BOTTOM_AXIS = re.compile(r'<g class="axis bottom">(?:<g class="tick">.*?</g>)*</g>', re.S)  # a tick holds no group
LABEL_X = re.compile(r'<text x="([-0-9.]+)"[^>]*?text-anchor="middle"')


def edge_labels(svg: str) -> str:
    """The bottom axis's first label starts at its tick and its last ends at its tick: centred, a date at the
    chart's right edge would run past the viewBox and be cut."""
    axis = BOTTOM_AXIS.search(svg)
    if axis is None:
        return svg
    labels = sorted(LABEL_X.finditer(axis.group()), key=lambda found: float(found.group(1)))
    if len(labels) < 2:
        return svg
    anchors = {labels[0].start(): "start", labels[-1].start(): "end"}
    shown = LABEL_X.sub(lambda found: found.group().replace('"middle"', f'"{anchors[found.start()]}"')
                        if found.start() in anchors else found.group(), axis.group())
    return svg[:axis.start()] + shown + svg[axis.end():]


def bars(values: list[tuple[str, float]], title: str, *, name: str) -> str:
    """Horizontal bars (a win rate per faction, in %), labelled by name, from 0 to 100."""
    chart = leather.Chart()
    chart.add_x_scale(0, 100)
    # No tick at 100: its label would run off the right edge.
    chart.add_x_axis(ticks=[0, 25, 50, 75], tick_formatter=lambda value, _index, _count: f"{value:.0f}\u202f%")
    chart.add_bars([(value, label) for label, value in values], name=name, fill_color="#2a6f97")
    return framed(chart, title, height=max(120, 40 + 26 * len(values)))
