"""allure-pytest integration: labels, parameters, and the episode as steps with attachments."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pytest_mobileagent.report.artifacts import artifacts, read

if TYPE_CHECKING:
    from pytest_mobileagent.episode import EpisodeResult


def active(config: pytest.Config) -> bool:
    return config.pluginmanager.hasplugin("allure_pytest") and bool(config.getoption("allure_report_dir", None))


def attach_episode(item: pytest.Item, result: EpisodeResult) -> None:
    """Describe the episode to Allure; called inside the item's fixture so it lands on the test."""
    import allure

    allure.dynamic.title(f"{result.task}[{result.instance}]")
    allure.dynamic.description(result.goal)
    allure.dynamic.suite(result.suite)
    allure.dynamic.feature(", ".join(result.apps) or "-")
    allure.dynamic.tag(result.difficulty, *result.tags)
    allure.dynamic.label("agent", result.agent)
    for key, value in sorted(result.params.items()):
        allure.dynamic.parameter(key, value)
    # the agent and seed vary between runs: excluded so history lines up per task instance
    allure.dynamic.parameter("agent", result.agent, excluded=True)
    saved = artifacts(item)
    folder = Path(saved["folder"]) if "folder" in saved else None
    for step in result.steps:
        title = f"{step.index:02d} {step.action.get('action_type') if step.action else 'invalid output'}"
        with allure.step(title):
            shot = folder / f"step-{step.index:03d}.png" if folder else None
            if shot is not None and shot.exists():
                allure.attach.file(str(shot), "screen before", allure.attachment_type.PNG)
            allure.attach(json.dumps(step.action, sort_keys=True), "action", allure.attachment_type.JSON)
            if step.error:
                allure.attach(step.error, "error", allure.attachment_type.TEXT)
    if "screenshot" in saved:
        allure.attach(read(saved["screenshot"]), "final screen", allure.attachment_type.PNG)
        allure.attach(read(saved["hierarchy"]), "final UI tree", allure.attachment_type.XML)
    summary = {"success": result.success, "self_reported": result.self_reported, "answer": result.answer,
               "terminated_by": result.terminated_by, "steps": result.num_steps, "max_steps": result.max_steps}
    allure.attach(json.dumps(summary, indent=1, default=str), "episode", allure.attachment_type.JSON)
