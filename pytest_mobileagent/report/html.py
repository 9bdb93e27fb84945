"""pytest-html integration: success and steps columns, and the episode as extras (all escaped)."""

from __future__ import annotations

import base64
import html
import json
from typing import Any

import pytest

from pytest_mobileagent.report.artifacts import artifacts, read


class HtmlReport:
    """Registered only when pytest-html is active."""

    def __init__(self, config: pytest.Config):
        self.config = config
        from pytest_metadata.plugin import metadata_key

        from pytest_mobileagent.plugin import option

        meta = config.stash.get(metadata_key, None)
        if meta is not None:
            meta["Agent"] = option(config, "agent")
            meta["Device"] = option(config, "device")
            meta["Seed"] = str(config._ma_seed)  # type: ignore[attr-defined]
            meta["Instances"] = str(option(config, "instances"))

    def pytest_html_results_summary(self, prefix: list[str], summary: list[str], postfix: list[str]) -> None:
        from pytest_mobileagent.metrics.success import success_rate
        from pytest_mobileagent.plugin import RECORDS_KEY

        records = self.config.stash.get(RECORDS_KEY, [])
        if not records:
            return
        rate = success_rate(records)
        lo, hi = rate.interval()
        prefix.append(f"<p class='ma-success'>Success rate: <b>{rate.rate * 100:.1f}%</b> "
                      f"({rate.successes:g}/{rate.episodes}, 95% CI {lo * 100:.1f}&ndash;{hi * 100:.1f}%); "
                      f"infrastructure errors: {rate.errors}</p>")

    def pytest_html_results_table_header(self, cells: list[str]) -> None:
        cells.insert(2, '<th class="sortable" data-column-type="ma_success">Success</th>')
        cells.insert(3, '<th class="sortable" data-column-type="ma_steps">Steps</th>')

    def pytest_html_results_table_row(self, report: Any, cells: list[str]) -> None:
        record = getattr(report, "ma_result", None) or {}
        success = record.get("success")
        cells.insert(2, f'<td class="col-ma_success">{"" if success is None else f"{float(success):.2f}"}</td>')
        cells.insert(3, f'<td class="col-ma_steps">{int(record.get("num_steps", 0)):03d}</td>')

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: Any) -> Any:
        report = yield
        record = getattr(report, "ma_result", None)
        if record is None or report.when not in ("call", "setup"):
            return report
        import pytest_html

        extras = list(getattr(report, "extras", []))
        summary = {k: record.get(k) for k in ("task", "goal", "params", "success", "self_reported", "answer",
                                             "terminated_by", "num_steps", "max_steps", "outcome", "error")}
        extras.append(pytest_html.extras.html(
            "<pre class='ma-episode'>" + html.escape(json.dumps(summary, indent=1, default=str)) + "</pre>"))
        actions = [s.get("action") for s in record.get("steps", [])]
        if actions:
            extras.append(pytest_html.extras.json(actions, name="actions"))
        shot = artifacts(item).get("screenshot")
        if shot:
            extras.append(pytest_html.extras.png(base64.b64encode(read(shot)).decode(), name="final screen"))
        report.extras = extras
        return report
