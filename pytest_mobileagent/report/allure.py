"""allure-pytest integration: labels, parameters, the episode as steps with attachments, and at the end of
the run ``environment.properties`` and ``categories.json`` in the results folder.

Every file allure-pytest writes to ``--alluredir`` (result and container JSON, attachments, copied files) passes
through :func:`~pytest_mobileagent.redaction.redact` first: :func:`install_redaction` puts
:func:`redacting_file_logger` in place of allure's file writer before allure-pytest configures itself, so what
Allure captured before the plugin's own redaction (a failure message, an episode's raw fields) is redacted too.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pytest_mobileagent.capped import cap, cap_json
from pytest_mobileagent.device.config import config_label
from pytest_mobileagent.redaction import redact, redact_bytes, redact_json
from pytest_mobileagent.report.artifacts import artifacts, read
from pytest_mobileagent.report.files import write_file

if TYPE_CHECKING:
    from pytest_mobileagent.episode import EpisodeResult
    from pytest_mobileagent.settings import Run, Settings

SEVERITY = {"easy": "minor", "medium": "normal", "hard": "critical"}

#: Allure sorts failures into these, first match first; the messages are those of
#: :mod:`pytest_mobileagent.report.failure` and of infrastructure errors.
CATEGORIES = [
    {"name": "Infrastructure error", "matchedStatuses": ["broken"],
     "messageRegex": "(?s).*(InfrastructureError|DeviceError|EndpointError|AdbError|did not boot|ConnectionError).*"},
    {"name": "Constraint violated", "matchedStatuses": ["failed"], "messageRegex": "(?s).*constraint violated.*"},
    {"name": "Wrong answer", "matchedStatuses": ["failed"], "messageRegex": "(?s).*ended by answer.*"},
    {"name": "False completion", "matchedStatuses": ["failed"],
     "messageRegex": "(?s).*ended by status; self-reported complete.*"},
    {"name": "Step limit reached", "matchedStatuses": ["failed"], "messageRegex": "(?s).*ended by step_limit.*"},
    {"name": "Agent error", "matchedStatuses": ["failed"], "messageRegex": "(?s).*ended by agent_error.*"},
]


def install_redaction() -> None:
    """Make allure-pytest write every file of its results folder through the redaction (when it is installed).

    allure-pytest creates its writer, ``allure_commons.logger.AllureFileLogger``, in its ``pytest_configure``,
    by the name its module imported; the plugin replaces that name, before any configure, with
    :func:`redacting_file_logger`'s class."""
    try:
        import allure_pytest.plugin as allure_plugin
    except ImportError:
        return
    allure_plugin.AllureFileLogger = redacting_file_logger()


@functools.cache
def redacting_file_logger() -> type:
    """allure's file writer, every file it writes redacted (results, containers, attachments, copied files)."""
    import os
    import uuid

    from allure_commons import hookimpl
    from allure_commons.logger import AllureFileLogger
    from attr import asdict

    class RedactingFileLogger(AllureFileLogger):  # type: ignore[misc]
        def _report_item(self, item: Any) -> None:
            data = redact_json(asdict(item, filter=lambda _, v: v or v is False))
            indent = 4 if os.environ.get("ALLURE_INDENT_OUTPUT") else None
            self.report_attached_data(json.dumps(data, indent=indent, ensure_ascii=False),
                                      item.file_pattern.format(prefix=uuid.uuid4()))

        @hookimpl
        def report_attached_file(self, source: Any, file_name: str) -> None:
            self.report_attached_data(Path(source).read_bytes(), file_name)

        @hookimpl
        def report_attached_data(self, body: Any, file_name: str) -> None:
            body = redact(body) if isinstance(body, str) else redact_bytes(bytes(body))
            super().report_attached_data(body, file_name)

    return RedactingFileLogger


def results_dir(config: pytest.Config) -> str | None:
    if not config.pluginmanager.hasplugin("allure_pytest"):
        return None
    return config.getoption("allure_report_dir", None) or None


def active(config: pytest.Config) -> bool:
    return results_dir(config) is not None


def attach_episode(item: pytest.Item, result: EpisodeResult) -> None:
    """Describe the episode to Allure; called inside the item's test body so it lands on the test."""
    import allure

    allure.dynamic.title(f"{result.task}[{result.instance}]")
    allure.dynamic.description(result.goal)
    allure.dynamic.suite(result.suite)
    allure.dynamic.feature(", ".join(result.apps) or "-")
    allure.dynamic.story(result.task)
    allure.dynamic.severity(SEVERITY.get(result.difficulty, "normal"))
    allure.dynamic.tag(result.difficulty, *result.tags)
    allure.dynamic.label("agent", result.agent)
    for key, value in sorted(result.params.items()):
        allure.dynamic.parameter(key, value)
    # what varies between runs without changing the task is excluded, so history lines up per task instance
    allure.dynamic.parameter("agent", result.agent, excluded=True)
    workerinput = getattr(item.config, "workerinput", {})
    allure.dynamic.parameter("device", workerinput.get("ma_device") or result.device_config.get("model", ""),
                             excluded=True)
    allure.dynamic.parameter("worker", workerinput.get("workerid", "master"), excluded=True)
    if result.device_config.get("config"):  # a B-MoCA environment is part of what the instance is
        allure.dynamic.parameter("configuration", config_label(result.device_config))
    _attach_steps(result, artifacts(item))
    saved = artifacts(item)
    viewer = Path(saved["folder"], "index.html") if "folder" in saved else None
    if viewer is not None and viewer.is_file():  # the trace viewer, opened from the machine that has the run
        allure.dynamic.link(viewer.resolve().as_uri(), name="trace")
    if "screenshot" in saved:
        allure.attach(read(saved["screenshot"]), "final screen", allure.attachment_type.PNG)
        allure.attach(read(saved["hierarchy"]), "final UI tree", allure.attachment_type.XML)
    summary = {"success": result.success, "state_success": result.state_success,
               "self_reported": result.self_reported, "answer": result.answer, "terminated_by": result.terminated_by,
               "steps": result.num_steps, "max_steps": result.max_steps, "metrics": result.metrics,
               "constraint_violations": result.constraint_violations}
    allure.attach(json.dumps(cap_json(summary), indent=1, default=str), "episode", allure.attachment_type.JSON)


def _attach_steps(result: EpisodeResult, saved: dict[str, str]) -> None:
    """One Allure step per agent step: the screen with the action drawn on it, the UI tree, the action."""
    import allure

    from pytest_mobileagent.report.trajectory import annotate, recorded_steps

    folder = Path(saved["folder"]) if "folder" in saved else None
    recorded = {s.index: s for s in recorded_steps(folder, [vars(s) for s in result.steps])} if folder else {}
    for step in result.steps:
        title = f"{step.index:02d} {step.action.get('action_type') if step.action else 'invalid output'}"
        with allure.step(title):
            if step.index in recorded:
                tree = recorded[step.index].hierarchy
                png = recorded[step.index].screenshot.read_bytes()
                allure.attach(annotate(png, tree, step.action, recorded[step.index].size), "screen",
                              allure.attachment_type.PNG)
                allure.attach(tree, "UI tree", allure.attachment_type.XML)
            allure.attach(json.dumps(cap_json(step.action), sort_keys=True, default=str), "action",
                          allure.attachment_type.JSON)
            if step.error:
                allure.attach(cap(step.error), "error", allure.attachment_type.TEXT)


def write_run_files(folder: str, options: Settings, run: Run, tokens_spent: bool,
                    metrics: dict[str, Any] | None = None) -> None:
    """``environment.properties`` (:func:`environment`) and ``categories.json`` in the Allure results folder."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    env = environment(options, run, tokens_spent, metrics)
    lines = [f"{key}={_property_value(value)}" for key, value in env.items()]
    write_file(out / "environment.properties", redact("\n".join(lines) + "\n"))
    write_file(out / "categories.json", json.dumps(CATEGORIES, indent=1) + "\n")


def environment(options: Settings, run: Run, tokens_spent: bool,
                metrics: dict[str, Any] | None = None) -> dict[str, str]:
    """What the run used: the agent, its model only when the agent calls one or the judge is on (and the
    endpoint, without credentials), the device as given, seed, instances, run id, plugin version and, once
    the run has results, the success rate. Never a key: keys are read from the environment, never from here."""
    from importlib.metadata import PackageNotFoundError, version

    from pytest_mobileagent.agents.loading import uses_model

    try:
        plugin_version = version("pytest-mobileagent")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        plugin_version = "unknown"
    env = {"agent": options.agent}
    # tokens spent (by any episode) are the evidence for agents that do not declare uses_model (module:Class)
    if uses_model(options.agent) or options.llm_judge or tokens_spent:
        env["model"] = options.llm_model
        if options.llm_base_url:
            env["base_url"] = redact(_without_credentials(options.llm_base_url))
    if options.llm_judge:
        env["judge_model"] = options.llm_judge_model or options.llm_model
    pool_file = options.pool_file
    env["device"] = redact(options.serials or (f"pool file {pool_file}" if pool_file else options.device))
    env["seed"] = run.seed
    env["instances"] = str(options.instances)
    if options.repeat > 1:
        env["repeat"] = str(options.repeat)
    env.update({"run_id": run.id, "plugin_version": plugin_version})
    if metrics:
        env["success_rate"] = f"{metrics['overall']['rate']:.4f}"
    return env


def _without_credentials(url: str) -> str:
    """``url`` without user info, query or fragment, where endpoints sometimes carry a key."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = f"[{host}]" if ":" in host else host
    if parts.port is not None:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def _property_value(value: Any) -> str:
    """A value as a Java properties file reads it back (backslashes, line breaks and non-ASCII escaped)."""
    text = str(value).replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")
    return "".join(ch if ord(ch) < 128 else f"\\u{ord(ch):04x}" for ch in text)
