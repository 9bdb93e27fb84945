"""pytest-html integration: a title naming the suites, agent and run, metric columns, a summary with the metric
tables and success charts, and per item the episode, its steps and one link to its trace's viewer (each step's
screen with the action drawn on it, its UI tree, what the agent was shown and answered, the check's reads:
:mod:`~pytest_mobileagent.report.trace`).

The viewer sits in the item's trace folder and the link is relative to the report, so it works
with ``--self-contained-html`` too as long as the report stays beside the run folder. A failed item also shows
its final screen, inline. Every piece of UI text and agent output is HTML-escaped here.
"""

from __future__ import annotations

import base64
import html
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import quote

import pytest

from pytest_mobileagent.redaction import redact
from pytest_mobileagent.report.artifacts import artifacts, read

if TYPE_CHECKING:
    from pytest_mobileagent.records import EpisodeRecord
    from pytest_mobileagent.settings import Run, Settings

#: The metrics shown in the results table's Metrics column, when an episode has them.
MAIN_METRICS = ("tcr", "ntr", "checkpoint_l2", "invalid_format", "invalid_action", "constraint_violation")


def esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _percent(value: float) -> str:
    return f"{value * 100:.1f}%"


def rate_table(title: str, groups: dict[str, dict[str, Any]]) -> str:
    """One grouped success table (rate, 95% interval, successes/episodes, errors)."""
    rows = "".join(
        f"<tr><td>{esc(name)}</td><td>{_percent(g['rate'])}</td><td>{_percent(g['ci95'][0])}&ndash;"
        f"{_percent(g['ci95'][1])}</td><td>{g['successes']:g}/{g['episodes']}</td><td>{g['errors']}</td></tr>"
        for name, g in groups.items())
    return (f"<table class='ma-table'><caption>{esc(title)}</caption><tr><th>{esc(title.split()[-1])}</th>"
            f"<th>success</th><th>95% CI</th><th>n</th><th>errors</th></tr>{rows}</table>")


def metric_table(metrics: dict[str, Any]) -> str:
    rows = "".join(f"<tr><td>{esc(name)}</td><td>{m['mean']:.3f}</td><td>{m['episodes']}</td></tr>"
                   for name, m in metrics.get("metrics", {}).items())
    extra = (f"<tr><td>self-reported completion (PassRate)</td><td>{metrics['pass_rate_self_reported']:.3f}</td>"
             f"<td></td></tr><tr><td>false completion rate</td><td>{metrics['false_completion_rate']:.3f}</td>"
             "<td></td></tr>")
    if "repeats" in metrics:
        rep = metrics["repeats"]
        extra += (f"<tr><td>pass@{rep['k']}</td><td>{rep['pass_at_k']:.3f}</td><td>{rep['instances']}</td></tr>"
                  f"<tr><td>mean@{rep['k']}</td><td>{rep['mean']:.3f}</td><td>{rep['instances']}</td></tr>")
    return (f"<table class='ma-table'><caption>trajectory metrics (mean where defined)</caption><tr><th>metric</th>"
            f"<th>mean</th><th>episodes</th></tr>{rows}{extra}</table>")


#: Mobile-Bench's columns: (metrics.json name, heading): the published numbers, then the corrected ones.
KIND_COLUMNS = (("checkpoint_l1", "CheckPoint L1"), ("checkpoint_l2", "CheckPoint L2"),
                ("checkpoint_l1_fixed", "L1 fixed"), ("checkpoint_l2_fixed", "L2 fixed"),
                ("checkpoint_l1_screens", "L1 screens"), ("checkpoint_l2_screens", "L2 screens"),
                ("api_share", "API share"))


def kind_table(kinds: dict[str, dict[str, Any]]) -> str:
    """Mobile-Bench per kind: verified success beside the self-reported PassRate, CheckPoint L1/L2 coverage as the
    published scorer computes it and corrected, and the share of steps that were API calls."""
    def cell(value: float | None) -> str:
        return f"{value:.3f}" if value is not None else "-"

    heads = "".join(f"<th>{esc(head)}</th>" for _, head in KIND_COLUMNS)
    rows = "".join(
        f"<tr><td>{esc(kind.upper())}</td><td>{_percent(k['success_rate'])}</td>"
        f"<td>{_percent(k['pass_rate_self_reported'])}</td>"
        + "".join(f"<td>{cell(k.get(key))}</td>" for key, _ in KIND_COLUMNS) + f"<td>{k['episodes']}</td></tr>"
        for kind, k in kinds.items())
    return ("<table class='ma-table'><caption>Mobile-Bench per kind (fixed: the published scorer's bugs corrected; "
            "screens: over the project's history)</caption><tr><th>kind</th><th>success</th>"
            f"<th>PassRate (self-reported)</th>{heads}<th>n</th></tr>{rows}</table>")


#: AndroidArena's columns: (metrics.json name, heading).
ARENA_COLUMNS = (("task_reward", "TR"), ("ntr", "NTR"), ("tcr", "TCR"), ("rrr", "RRR"),
                 ("operation_logic", "operation logic"), ("awareness_of_completion", "awareness"),
                 ("repeated_actions", "repeated"), ("nuggets_mining", "nuggets"), ("invalid_format", "invalid format"),
                 ("invalid_action", "invalid action"), ("constraint_violation", "violation"),
                 ("constraint_violation_app", "app-level"), ("constraint_violation_page", "page-level"),
                 ("constraint_violation_component", "component-level"), ("tcr_fixed", "TCR fixed"),
                 ("repeated_actions_fixed", "repeated fixed"), ("invalid_format_fixed", "invalid format fixed"),
                 ("invalid_action_fixed", "invalid action fixed"))


def arena_table(caption: str, groups: dict[str, dict[str, Any]]) -> str:
    """AndroidArena per type or per app: verified success beside the LCS metrics (TR, NTR, TCR, RRR), the ability
    metrics and the constraint violation ratios, overall and per constraint type ("-" where no episode has one)."""
    def cell(value: float | None) -> str:
        return f"{value:.3f}" if value is not None else "-"

    heads = "".join(f"<th>{esc(head)}</th>" for _, head in ARENA_COLUMNS)
    rows = "".join(
        f"<tr><td>{esc(name)}</td><td>{_percent(g['success_rate'])}</td>"
        + "".join(f"<td>{cell(g.get(key))}</td>" for key, _ in ARENA_COLUMNS) + f"<td>{g['episodes']}</td></tr>"
        for name, g in groups.items())
    return (f"<table class='ma-table'><caption>{esc(caption)}</caption><tr><th></th><th>success</th>{heads}"
            f"<th>n</th></tr>{rows}</table>")


def bar_chart(title: str, groups: dict[str, dict[str, Any]], width: int = 520) -> str:
    """An inline SVG bar chart of success rate per group, with the 95% interval as a whisker."""
    bar, gap, label_w = 18, 6, 170
    plot = width - label_w - 60
    height = 24 + len(groups) * (bar + gap)
    parts = [f"<svg class='ma-chart' xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
             f"role='img' aria-label='{esc(title)}'><text x='0' y='14' font-weight='bold'>{esc(title)}</text>"]
    for i, (name, g) in enumerate(groups.items()):
        y = 24 + i * (bar + gap)
        lo, hi = g["ci95"]
        parts.append(
            f"<text x='{label_w - 6}' y='{y + 13}' text-anchor='end' font-size='12'>{esc(name[:28])}</text>"
            f"<rect x='{label_w}' y='{y}' width='{plot}' height='{bar}' fill='#eee'/>"
            f"<rect x='{label_w}' y='{y}' width='{plot * g['rate']:.1f}' height='{bar}' fill='#3a7'/>"
            f"<line x1='{label_w + plot * lo:.1f}' x2='{label_w + plot * hi:.1f}' y1='{y + bar / 2}' "
            f"y2='{y + bar / 2}' stroke='#333'/>"
            f"<text x='{label_w + plot + 6}' y='{y + 13}' font-size='12'>{_percent(g['rate'])}</text>")
    parts.append("</svg>")
    return "".join(parts)


def summary_html(metrics: dict[str, Any]) -> str:
    """The report's summary section: overall rate, charts by app and difficulty, and the tables."""
    o = metrics["overall"]
    head = (f"<p class='ma-success'>Success rate: <b>{_percent(o['rate'])}</b> ({o['successes']:g}/{o['episodes']}, "
            f"95% CI {_percent(o['ci95'][0])}&ndash;{_percent(o['ci95'][1])}); infrastructure errors: "
            f"{o['errors']}; agent {esc(metrics.get('agent'))}; mean steps {metrics['mean_steps']:.1f}</p>")
    charts = bar_chart("success by app", metrics["per_app"]) + bar_chart("success by difficulty",
                                                                         metrics["per_difficulty"])
    tables = [rate_table("success per app", metrics["per_app"]),
              rate_table("success per difficulty", metrics["per_difficulty"])]
    if len(metrics["per_suite"]) > 1:
        tables.append(rate_table("success per suite", metrics["per_suite"]))
    if len(metrics.get("per_device_config", {})) > 1:
        tables.append(rate_table("success per device configuration", metrics["per_device_config"]))
    if metrics.get("per_config_split"):
        tables.append(rate_table("success on training vs test configurations", metrics["per_config_split"]))
    if metrics["per_tag"]:
        tables.append(rate_table("success per tag", metrics["per_tag"]))
    if metrics.get("mobilebench"):
        tables.append(kind_table(metrics["mobilebench"]))
    if metrics.get("androidarena"):
        tables.append(arena_table("AndroidArena per task type", metrics["androidarena"]))
        tables.append(arena_table("AndroidArena per app", metrics.get("androidarena_per_app") or {}))
    tables.append(metric_table(metrics))
    style = ("<style>.ma-table{border-collapse:collapse;margin:8px 16px 8px 0;display:inline-table;"
             "vertical-align:top}.ma-table td,.ma-table th{border:1px solid #ccc;padding:2px 8px}"
             ".ma-table caption{font-weight:bold;text-align:left}.ma-chart{margin:8px 16px 8px 0}</style>")
    return f"<div class='ma-summary'>{style}{head}<div>{charts}</div><div>{''.join(tables)}</div></div>"


def metrics_cell(record: EpisodeRecord) -> str:
    values = record.get("metrics") or {}
    return " ".join(f"{name}={float(values[name]):.2f}" for name in MAIN_METRICS if name in values)


def steps_html(record: EpisodeRecord) -> str:
    """The steps as a table: index, app, action, what went wrong."""
    rows = "".join(
        f"<tr><td>{s['index']}</td><td>{esc(s.get('package', ''))}</td>"
        f"<td><code>{esc(json.dumps(s['action'], sort_keys=True, ensure_ascii=False) if s.get('action') else '-')}"
        f"</code></td><td>{esc(s.get('invalid') or '')} {esc(s.get('error') or '')}</td></tr>"
        for s in record.get("steps", []))
    return ("<table class='ma-steps'><tr><th>step</th><th>app</th><th>action</th><th>problem</th></tr>"
            f"{rows}</table>")


class HtmlReport:
    """Registered only when pytest-html is active."""

    def __init__(self, config: pytest.Config, options: Settings, run: Run):
        self.config = config
        self.options, self.run = options, run
        #: The run's aggregates, set by the plugin at session finish (before pytest-html writes the report).
        self.metrics: dict[str, Any] | None = None
        self.report_data: Any = None  # pytest-html's report data, given to pytest_html_report_title
        self.title = ""
        from pytest_metadata.plugin import metadata_key

        meta = config.stash.get(metadata_key, None)
        if meta is not None:
            meta["Agent"] = options.agent
            meta["Device"] = redact(options.serials or options.device)
            meta["Seed"] = run.seed
            meta["Instances"] = str(options.instances)

    def pytest_html_report_title(self, report: Any) -> None:
        # called at session start, before anything is collected: the suites are added once the run has results
        self.report_data = report
        report.title = self.title = suites_title(self.options.agent, self.run.id, None)

    def pytest_html_results_summary(self, prefix: list[str], summary: list[str], postfix: list[str]) -> None:
        metrics = self.metrics
        if metrics is not None:
            prefix.append(summary_html(metrics))
            # pytest-html renders the title after this hook; a title a conftest set is left alone
            if self.report_data is not None and self.report_data.title == self.title:
                self.report_data.title = suites_title(self.options.agent, self.run.id, metrics)

    def pytest_html_results_table_header(self, cells: list[str]) -> None:
        cells.insert(2, '<th class="sortable" data-column-type="ma_success">Success</th>')
        cells.insert(3, '<th class="sortable" data-column-type="ma_steps">Steps</th>')
        cells.insert(4, '<th data-column-type="ma_metrics">Metrics</th>')

    def pytest_html_results_table_row(self, report: Any, cells: list[str]) -> None:
        record = cast("EpisodeRecord", getattr(report, "ma_result", None) or {})
        success = record.get("success")
        cells.insert(2, f'<td class="col-ma_success">{"" if success is None else f"{float(success):.2f}"}</td>')
        cells.insert(3, f'<td class="col-ma_steps">{int(record.get("num_steps", 0)):03d}</td>')
        cells.insert(4, f'<td class="col-ma_metrics">{esc(metrics_cell(record))}</td>')

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: Any) -> Any:
        report = yield
        record = getattr(report, "ma_result", None)
        if record is None or report.when not in ("call", "setup"):
            return report
        import pytest_html

        extras = list(getattr(report, "extras", []))
        summary = {k: record.get(k) for k in ("task", "goal", "params", "success", "state_success", "self_reported",
                                             "answer", "terminated_by", "num_steps", "max_steps", "outcome",
                                             "constraint_violations", "metrics", "error")}
        extras.append(pytest_html.extras.html(
            "<pre class='ma-episode'>" + esc(json.dumps(summary, indent=1, default=str, ensure_ascii=False))
            + "</pre>" + steps_html(record)))
        saved = artifacts(item)
        link = self.trajectory_link(Path(saved["folder"]), record) if "folder" in saved else None
        if link is not None:
            extras.append(pytest_html.extras.url(link, name="trajectory"))
        if "screenshot" in saved and report.failed:  # one image, where a reviewer needs it
            extras.append(pytest_html.extras.png(base64.b64encode(read(saved["screenshot"])).decode(),
                                                 name="final screen"))
        report.extras = extras
        return report

    def trajectory_link(self, folder: Path, record: dict[str, Any]) -> str | None:
        """The item's trace viewer (when the run writes an HTML report and steps were recorded), its address
        relative to the report."""
        report_path = report_file(self.config)
        if report_path is None:
            return None
        from pytest_mobileagent.report.trajectory import write_page

        page = write_page(folder, record)
        if page is None:
            return None
        return relative_href(page, report_path.parent)


def report_file(config: pytest.Config) -> Path | None:
    """Where pytest-html writes the report (``--html``), resolved as pytest-html does; None without one."""
    html_path = getattr(config.option, "htmlpath", None)
    if not html_path:
        return None
    return Path.cwd() / Path(os.path.expandvars(html_path)).expanduser()


def relative_href(target: Path, base: Path) -> str:
    """A URL for ``target`` relative to the folder ``base``, percent-encoded (pytest-html puts a link's address
    into ``href`` as it is); a ``file:`` URL where no relative path exists (another drive on Windows)."""
    try:
        rel = os.path.relpath(target.resolve(), base.resolve())
    except ValueError:
        return target.resolve().as_uri()
    return quote(Path(rel).as_posix())


def suites_title(agent: str, run_id: str, metrics: dict[str, Any] | None) -> str:
    """``androidworld, bmoca · agent oracle · run 20261123-101500-ab12`` (the suites once the run has results)."""
    suites = ", ".join(s for s in (metrics or {}).get("per_suite", {}) if s)
    parts = [suites] if suites else []
    parts += [f"agent {agent}", f"run {run_id}"]
    return " \u00b7 ".join(parts)
