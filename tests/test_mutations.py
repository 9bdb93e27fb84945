"""Every task's check rejects near misses: the oracle replayed with one mistake fails, unless the task says why not.

``MA_MUTATION_INSTANCES`` sets how many parameter draws per task are mutated (default 1). The README's test command
proves every fourth task (:data:`SAMPLE`); the others are marked ``compat``, the long stage CI runs after it, so
that CI proves every task.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.actions import Action
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import play
from pytest_mobileagent.mutations import (
    PHONE_FIELD,
    Mutation,
    Recorder,
    Replay,
    apply,
    change_answer,
    change_text,
    mutations_of,
    prove,
)
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.params import draw, instance_seed
from tests.suite_tasks import all_tasks, quick_sample

INSTANCES = int(os.environ.get("MA_MUTATION_INSTANCES", "1"))
TASKS = all_tasks()


@pytest.fixture(scope="module")
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-mutations")
    d.snapshot_save("clean")
    yield d
    d.close()


def reset(device: SimDevice) -> None:
    device.snapshot_load("clean")
    device.set_time(DEFAULT_TIME)


#: One task in this many is proven in the quick run; the rest in the ``compat`` stage.
SAMPLE = 4


@pytest.mark.parametrize("task_cls", quick_sample(TASKS, SAMPLE, lambda t: f"{t.suite}.{t.name}"))
def test_every_mutation_of_the_oracle_fails(task_cls: type[Task], device: SimDevice,
                                            record_property: pytest.RecordProperty) -> None:
    for i in range(INSTANCES):
        params = draw(task_cls.parameters(), instance_seed(30, task_cls.name, i))
        proof = prove(device, lambda p=params: task_cls(p), reset)
        record_property(f"mutation_score[{i}]", f"{proof.score:.3f} ({proof.caught}/"
                                                f"{len(proof.mutations) - len(proof.tolerated)})")
        assert not proof.survivors, (
            f"{task_cls.name} {params}: the check passed {len(proof.survivors)} mistaken episodes "
            f"(score {proof.score:.0%}): {', '.join(map(str, proof.survivors))}")


PHONE_TASKS = [t for t in TASKS if t.name in ("ContactsCreateContact", "CrossProfilePageToContact",
                                              "MessagesBlockNumber", "ContactsAddContact", "ContactsNewContactDraft")]


@pytest.mark.parametrize("task_cls", PHONE_TASKS, ids=[t.name for t in PHONE_TASKS])
def test_a_letter_typed_into_a_phone_field_never_reaches_the_state(task_cls: type[Task], device: SimDevice) -> None:
    """The reason these tasks give for letting ``text:letter`` through holds: the phone field drops the letter,
    so the mistaken episode ends where the oracle's does."""
    params = draw(task_cls.parameters(), instance_seed(30, task_cls.name, 0))
    recorder = Recorder()
    assert play(device, task_cls(params), recorder, reset=reset).success == 1.0
    typed = [i for i, a in enumerate(recorder.actions) if a.kind == "input_text"]
    marked = [n for n, i in enumerate(typed) if recorder.tolerated.get(i, {}).get("text:letter") == PHONE_FIELD[0]]
    assert len(marked) == 1, f"{task_cls.name}: the phone field's typing is not the one action marked"
    mistaken = apply(Mutation("text", marked[0], "letter"), recorder.actions)
    assert mistaken[typed[marked[0]]].text.endswith("x")
    result = play(device, task_cls(params), Replay(mistaken), reset=reset)
    assert result.success == 1.0, result.validator_state


def test_text_and_answer_changes() -> None:
    assert change_text("Buy milk", "append") == "Buy milkx" and change_text("555-0199", "append") == "555-01991"
    assert change_text("SAVE20", "drop") == "SAVE2" and change_text("", "drop") is None
    assert change_text("SAVE20", "digit") == "SAVE30" and change_text("no digits", "digit") is None
    assert change_answer("swimming, kayaking", "duplicate") == "swimming, swimming"
    assert change_answer("42", "duplicate") == "42, 42"
    assert change_answer("a, b, c", "drop") == "a, b" and change_answer("7", "digit") == "8"
    assert change_text("555-0199", "letter") == "555-0199x" and change_text("Buy milk", "letter") is None
    assert change_answer("90° at 6 PM", "last_digit") == "90° at 7 PM"
    assert change_answer("42", "last_digit") is None  # one number: the digit change already makes it
    assert change_answer("29°, Sunny", "append") == "29°, Sunnyx"


def test_mutations_cover_each_typed_text_step_and_answer() -> None:
    actions = [Action.open_app("Contacts"), Action("input_text", index=3, text="Ann 5"), Action.answer("x, y")]
    found = {str(m) for m in mutations_of(actions)}
    assert {"text:append@0", "text:drop@0", "text:digit@0", "skip:open_app@0", "skip:input_text@1",
            "answer:duplicate@0", "answer:drop@0"} <= found
    assert "skip:answer@2" not in found
    assert {"text:letter@0", "answer:append@0"} <= found and "answer:last_digit@0" not in found  # no number in it
    mutated = apply(Mutation("text", 0, "digit"), actions)
    assert mutated[1].text == "Ann 6" and actions[1].text == "Ann 5"
    assert [a.kind for a in apply(Mutation("skip", 0, "open_app"), actions)] == ["input_text", "answer"]
