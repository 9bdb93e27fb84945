"""B-MoCA's Contacts tasks, with step limits from its task files (complexity = step_limit / 10).

B-MoCA judges "activate the insert/edit page" by a logcat regex over
ActivityTaskManager's ``START`` lines; AndroidEnv reads logcat from the reset
on, so setup clears the buffer last. "Open the contact app" is about what is
on screen: the check reads the foreground package. Every task seeds contacts
that must come through untouched.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.contacts import PACKAGE as CONTACTS
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.people import other_contacts
from pytest_mobileagent.validators.contacts import contacts_are, seed_contacts, seeded
from pytest_mobileagent.validators.state import logcat_matches

INSERT_PAGE = r"^(.*?)START(.*?)INSERT(.*?)ContactEditorActivity"
EDIT_PAGE = r"^(.*?)START(.*?)EDIT(.*?)ContactEditorActivity"


class _ContactsTask(Task):
    """Seed the contacts, go home (B-MoCA's reset step) and start logcat afresh."""

    __abstract__ = True
    apps = ("contacts",)
    difficulty = "easy"

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"contacts": other_contacts(1, 5)})

    def setup(self, device: Device) -> None:
        seed_contacts(device, self.params["contacts"])
        device.shell("logcat -c")

    def contacts_untouched(self, device: Device) -> bool:
        return contacts_are(device, seeded(self.params["contacts"]))


class ContactsOpenApp(_ContactsTask):
    template = "open the contact app"
    complexity = 0.4
    optimal_steps = 1

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if device.current_activity()[0] == CONTACTS and self.contacts_untouched(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Contacts")
        yield ui.complete()


class ContactsActivateInsertPage(_ContactsTask):
    template = "activate the insert page in contact"
    complexity = 0.5
    optimal_steps = 2

    def check(self, device: Device, answer: str | None = None) -> float:
        shown = logcat_matches(device, INSERT_PAGE, tag="ActivityTaskManager")
        return 1.0 if shown and self.contacts_untouched(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Contacts")
        yield ui.click(desc="Create contact")
        yield ui.complete()


class ContactsActivateEditPage(_ContactsTask):
    template = "activate the edit page in contact"
    complexity = 0.5
    optimal_steps = 3

    def check(self, device: Device, answer: str | None = None) -> float:
        shown = logcat_matches(device, EDIT_PAGE, tag="ActivityTaskManager")
        return 1.0 if shown and self.contacts_untouched(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Contacts")
        yield ui.click(rid="cliv_name_textview")
        yield ui.click(desc="Edit contact")
        yield ui.complete()
