"""The simulated Gmail AndroidArena's tasks need: its store, compose, drafts, scheduling, attaching through
DocumentsUI's picker, search, settings; the tasks' published wording; a broken constraint named."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.apps.gmail import matches
from pytest_mobileagent.actions import Action
from pytest_mobileagent.agents.builtin import OracleAgent
from pytest_mobileagent.android import gmail
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import play
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.registry import cases
from pytest_mobileagent.validators import gmail as mail
from suites.androidarena import tasks_gmail
from tests.screen import elements, find, tap


@pytest.fixture
def d(phone: SimDevice) -> SimDevice:
    phone.snapshot_load("clean")
    phone.set_time(DEFAULT_TIME)
    phone.start_app(gmail.PACKAGE, gmail.MAIN_ACTIVITY)
    return phone


def subjects(d: SimDevice) -> list[str]:
    return [e.text for e in elements(d) if e.resource_name == "subject"]


def compose(d: SimDevice, to: str, subject: str, body: str) -> None:
    tap(d, rid="compose_button")
    for rid, text in (("to", to), ("subject", subject), ("body", body)):
        tap(d, rid=rid)
        d.input_text(text)


def test_the_store_is_seeded_with_the_mailbox_the_tasks_name(d: SimDevice) -> None:
    google = mail.latest(d, mail.from_google)
    assert google is not None and google.subject == "Security alert" and gmail.UNREAD in google.labels
    assert [m.subject for m in mail.messages(d, mail.draft_to("bob@example.com"))] == ["Budget review",
                                                                                      "Conference travel"]
    assert {"meeting details", "OpenAI website", "restaurant reservation", "flight confirmation"} <= {
        m.subject for m in mail.messages(d)}
    assert subjects(d)[:2] == ["Security alert", "Lunch on Friday?"]


def test_leaving_compose_saves_a_draft_and_send_stores_the_message_in_sent(d: SimDevice) -> None:
    compose(d, "bob@example.com", "hello", "first")
    tap(d, desc="Navigate up")
    assert mail.messages(d, mail.draft_to("bob@example.com"))[0].subject == "hello"
    compose(d, "carol@example.com", "news", "second")
    tap(d, desc="Send")
    sent = mail.latest(d, lambda m: gmail.SENT in m.labels)
    assert sent is not None and (sent.to, sent.subject, sent.body) == ("carol@example.com", "news", "second")
    assert d.current_activity()[1] == gmail.MAIN_ACTIVITY


def test_schedule_send_tomorrow_morning_is_8_am_the_next_day(d: SimDevice) -> None:
    compose(d, "bob@example.com", "later", "body")
    tap(d, desc="More options")
    tap(d, text=gmail.SCHEDULE_SEND)
    tap(d, text=gmail.TOMORROW_MORNING)
    m = mail.latest(d, lambda m: gmail.SCHEDULED in m.labels)
    assert m is not None and m.scheduled_ms is not None
    due = dt.datetime.fromtimestamp(m.scheduled_ms / 1000, dt.timezone.utc)
    assert due == dt.datetime(2023, 10, 16, 8, 0, tzinfo=dt.timezone.utc)
    assert not mail.messages(d, lambda m: m.subject == "later" and gmail.SENT in m.labels)


def test_attach_file_picks_through_documentsui_and_the_draft_keeps_it(d: SimDevice) -> None:
    d.write_file("/sdcard/Download/agenda.pdf", b"pdf")
    tap(d, desc=gmail.DRAWER_BUTTON)
    tap(d, text="Drafts")
    tap(d, text="Budget review")
    tap(d, desc="Attach file")
    tap(d, text="Attach file")
    assert d.current_activity() == ("com.google.android.documentsui", "com.android.documentsui.picker.PickActivity")
    tap(d, text="agenda.pdf")
    assert d.current_activity()[1] == gmail.COMPOSE_ACTIVITY
    assert find(d, rid="attachment_name").text == "agenda.pdf"
    tap(d, desc="Navigate up")
    draft = mail.latest(d, lambda m: m.subject == "Budget review")
    assert draft is not None and draft.attachments == ("agenda.pdf",) and gmail.DRAFT in draft.labels


def test_conversation_actions_change_the_labels(d: SimDevice) -> None:
    tap(d, text="Security alert")
    google = mail.latest(d, mail.from_google)
    assert google is not None and gmail.UNREAD not in google.labels  # opening reads it
    tap(d, desc="More options")
    tap(d, text="Mark important")
    tap(d, desc="Archive")
    google = mail.latest(d, mail.from_google)
    assert google is not None and google.archived and gmail.IMPORTANT in google.labels
    assert "Security alert" not in subjects(d)


@pytest.mark.parametrize(("query", "expected"), [
    ("from:google", {"Security alert", "Your Google Account storage", "Welcome to Gmail",
                     "Invitation: Team sync @ Mon Oct 16"}),  # calendar-notification@google.com too, as in Gmail
    ("to:bob@example.com in:drafts", {"Budget review", "Conference travel"}),
    ("meeting", {"meeting details"}),
])
def test_search_operators(d: SimDevice, query: str, expected: set[str]) -> None:
    assert {m.subject for m in mail.messages(d, lambda m: matches(m, query))} == expected
    tap(d, rid="open_search")
    d.input_text(query)
    d.press("enter")
    assert mail.search_shown(d) == query and set(subjects(d)) == expected


def test_settings_write_the_preferences_file(d: SimDevice) -> None:
    tap(d, desc=gmail.DRAWER_BUTTON)
    tap(d, text="Settings")
    tap(d, text="General settings")
    tap(d, text="Theme")
    tap(d, text="Dark")
    assert mail.setting(d, "theme") == "dark"
    d.press("back")
    tap(d, text=gmail.ACCOUNT)
    tap(d, text="Notifications")
    tap(d, text="None")
    assert mail.setting(d, "notifications") == "none"


@pytest.mark.parametrize(("task", "published"), [
    (tasks_gmail.GmailComposeDraft, 'Compose a draft email with the subject "meeting details" and the content '
                                    '"weekly meeting on 13 Oct, Room 101" to be sent to "bob@example.com".'),
    (tasks_gmail.GmailTheme, 'Change the theme to "Dark" of Gmail.'),
    (tasks_gmail.ConstrainedGmailReplyUnsent, 'Reply to the latest email sent from Google with content "Got it." '
                                              'in Gmail.'),
])
def test_instance_0_is_the_published_instruction(task: type, published: str) -> None:
    case = cases(task, 0, 2, "suites/androidarena/tasks_gmail.py")[0]
    goal = task(case.params).goal
    assert goal.split("\nConstraint: ")[0] == published


class DrawerFirst(tasks_gmail.ConstrainedGmailOpenLatestFromGoogle):
    """The constrained task played by an agent that looks at the label list first."""

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Gmail")
        yield ui.click(desc=gmail.DRAWER_BUTTON)
        yield ui.click(text="Primary")
        yield ui.click(text=tasks_gmail.LATEST_GOOGLE)
        yield ui.complete()


def test_entering_the_label_list_fails_a_constrained_task_naming_the_violation(phone: SimDevice) -> None:
    phone.snapshot_load("clean")
    phone.set_time(DEFAULT_TIME)
    result = play(phone, DrawerFirst(), OracleAgent())
    assert result.success == 0.0
    assert any("Open navigation drawer" in v for v in result.constraint_violations)
    assert any(gmail.DRAWER_TITLE_ID in v for v in result.constraint_violations)
