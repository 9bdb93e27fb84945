"""AndroidArena's Gmail tasks (``gmail.yaml``) and its constrained Gmail tasks (``constrain.yaml`` 7-10, 24-27, 32-33).

Mail and Gmail's settings are the simulator's documented state (:mod:`pytest_mobileagent.android.gmail`): the
real app keeps mail on Google's servers, so the tasks judged on it declare ``sim_app_state``; so do the settings
tasks, whose preference keys are not the real app's known ones. Tasks about what is on screen ("Search for ...",
"Open the latest draft ...", "Open Gmail settings") read the screen and not ``sim_app_state``. The seeded mailbox
(``gmail.INBOX``, ``gmail.SENT_MAILS``, ``gmail.DRAFTS``) makes the instructions meaningful: Google's mails (the
latest is "Security alert"), sent mail, drafts to bob@example.com (the latest "Budget review") among others.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any, ClassVar

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import gmail
from pytest_mobileagent.android.gmail import Message
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators import gmail as mail
from suites.androidarena.common import ArenaTask

BOB = "bob@example.com"
#: Recipients a drawn instance writes to (the published one first).
RECIPIENTS = (BOB, "alice@example.com", "carol.white@example.com")
SUBJECTS = ("meeting details", "project update", "dinner plans", "travel itinerary")
CONTENTS = ("weekly meeting on 13 Oct, Room 101", "the demo moved to Friday at 2 PM", "see you at 7 at Luigi's")
#: The latest draft to bob@example.com among the seeded ones.
LATEST_BOB_DRAFT = "Budget review"
#: The latest mail from Google in the seeded inbox.
LATEST_GOOGLE = gmail.INBOX[0].subject
#: What AndroidArena's "Do NOT enter the label list page in my Gmail" forbids: the drawer's button, rows and titles.
NO_LABEL_LIST = {"elements": [rf'desc="{gmail.DRAWER_BUTTON}"',
                              rf'id="({gmail.DRAWER_ITEM_ID}|{gmail.DRAWER_TITLE_ID})"']}
#: What "Do not click the "Send"-like button" forbids: compose's Send.
NO_SEND = {"elements": [r'desc="Send"', r'id="send"']}
NO_SCROLL = {"actions": ["scroll", "swipe"]}
LABEL_LIST = "Do NOT enter the label list page in my Gmail."
SEARCH_BAR = "Use the search bar instead of scrolling down to find the target item."
REVIEW = ("Do not click the \"Send\"-like button, and all the messages must be reviewed by me before sending "
          "them.")


def _at(day: int, hour: int) -> dt.datetime:
    return dt.datetime(2023, 10, day, hour, 0, tzinfo=dt.timezone.utc)


class GmailTask(ArenaTask):
    """A Gmail task judged on the mail store."""

    __abstract__ = True
    apps = ("gmail",)
    requires = frozenset({"sim_app_state"})

    def describe_state(self, device: Device) -> str:
        return "; ".join(f"{m.id}:{m.subject!r} to={m.to!r} {sorted(m.labels)} att={list(m.attachments)}"
                         for m in mail.messages(device)[:12]) + f"; front={device.current_activity()}"

    # -- oracle helpers --------------------------------------------------------------

    @staticmethod
    def label(ui: UI, title: str) -> Iterator[Action]:
        """Open the drawer and the label ``title``."""
        yield ui.click(desc=gmail.DRAWER_BUTTON)
        yield ui.click(text=title)

    @staticmethod
    def search(ui: UI, query: str, to_pick: bool = False) -> Iterator[Action]:
        """Search for ``query``; ``to_pick``: the search only narrows the list to pick an item from, which the
        query less its last character, or not yet submitted (the list follows what is typed), does as well."""
        yield ui.tolerate(ui.click(rid="open_search"), "typing into the search bar taps it first, which opens it",
                          "skip")
        typed = ui.type(query, rid="search_actionbar_query_text")
        why = "the search only narrows the list the item is picked from"
        yield ui.tolerate(typed, why, "text:drop") if to_pick else typed
        yield ui.tolerate(ui.enter(), why, "skip") if to_pick else ui.enter()

    @staticmethod
    def fill(ui: UI, **values: str) -> Iterator[Action]:
        for rid, text in values.items():
            yield ui.type(text, rid=rid)


class MessageDraw(GmailTask):
    """Tasks whose instruction names a recipient, a subject and a content."""

    __abstract__ = True
    published = ({"to": BOB, "subject": SUBJECTS[0], "content": CONTENTS[0]},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"to": st.sampled_from(RECIPIENTS), "subject": st.sampled_from(SUBJECTS),
                                      "content": st.sampled_from(CONTENTS)})

    def same(self, m: Message) -> bool:
        p = self.params
        return m.to.strip().lower() == p["to"].lower() and m.subject.strip() == p["subject"] \
            and m.body.strip() == p["content"]

    def compose(self, ui: UI) -> Iterator[Action]:
        p = self.params
        yield ui.open_app("Gmail")
        yield ui.click(rid="compose_button")
        yield from self.fill(ui, to=p["to"], subject=p["subject"], body=p["content"])


class GmailComposeDraft(MessageDraw):
    """A draft (label ``^r``) to the recipient with the subject and content exists, and nothing like it was sent."""

    template = 'Compose a draft email with the subject "{subject}" and the content "{content}" to be sent to "{to}".'

    def check(self, device: Device, answer: str | None = None) -> float:
        found = mail.messages(device, self.same)
        return 1.0 if found and all(gmail.DRAFT in m.labels for m in found) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.compose(ui)
        yield ui.click(desc="Navigate up")
        yield ui.complete()


class GmailScheduleSend(MessageDraw):
    """A scheduled message (``^scheduled``) to the recipient with the subject and content, due at 8:00 AM the day
    after it was scheduled (Gmail's "Tomorrow morning"), and nothing like it sent now."""

    template = ('Schedule an email with the subject "{subject}" and the content "{content}" to be sent to "{to}" at '
                'tomorrow morning in Gmail.')

    def check(self, device: Device, answer: str | None = None) -> float:
        def due(m: Message) -> bool:
            made = dt.datetime.fromtimestamp(m.date_ms / 1000, dt.timezone.utc)
            at = dt.datetime.fromtimestamp((m.scheduled_ms or 0) / 1000, dt.timezone.utc)
            return at.date() == made.date() + dt.timedelta(days=1) and (at.hour, at.minute) == (gmail.MORNING_HOUR, 0)
        found = mail.messages(device, self.same)
        ok = any(gmail.SCHEDULED in m.labels and due(m) for m in found)
        return 1.0 if ok and not any(gmail.SENT in m.labels for m in found) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.compose(ui)
        yield ui.click(desc="More options")
        yield ui.click(text=gmail.SCHEDULE_SEND)
        yield ui.click(text=gmail.TOMORROW_MORNING)
        yield ui.complete()


#: Files the Download folder may hold for the attach task.
FILES = ("agenda.pdf", "budget.xlsx", "floor_plan.png", "minutes.docx", "notes.txt", "photo_0412.jpg")


class GmailAttachFirstFile(GmailTask):
    """The saved draft with the subject (to bob@example.com, seeded) has the first file attached and is still a
    draft. "The first file in the file system" is made checkable as the first file the picker lists when it
    opens ("Recent", newest first): setup writes a few files to Download so that it is the first by name."""

    template = 'Add the first file in the file system to the saved draft email with the subject "{subject}" in Gmail.'
    published = ({"subject": "meeting details"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"subject": st.sampled_from(SUBJECTS),
                                      "files": st.lists(st.sampled_from(FILES), min_size=2, max_size=4, unique=True)})

    @classmethod
    def published_parameters(cls, row: Any) -> st.SearchStrategy[dict[str, Any]]:
        return st.just({**row, "files": ["agenda.pdf", "notes.txt", "photo_0412.jpg"]})

    @property
    def first(self) -> str:
        return min(self.params["files"])

    def setup(self, device: Device) -> None:
        mail.seed_draft(device, BOB, self.params["subject"], "Agenda attached.", _at(14, 18))
        for name in sorted(self.params["files"], reverse=True):  # the first by name is also the newest written
            device.write_file(f"/sdcard/Download/{name}", f"{name}\n".encode())

    def check(self, device: Device, answer: str | None = None) -> float:
        drafts = mail.messages(device, lambda m: gmail.DRAFT in m.labels and m.subject == self.params["subject"])
        return 1.0 if any(m.attachments == (self.first,) for m in drafts) else 0.0

    def open_draft(self, ui: UI) -> Iterator[Action]:
        yield from self.label(ui, "Drafts")
        yield ui.click(text=self.params["subject"])

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Gmail")
        yield from self.open_draft(ui)
        yield ui.click(desc="Attach file")
        yield ui.click(text="Attach file")
        yield ui.click(text=self.first)
        yield ui.click(desc="Navigate up")
        yield ui.complete()


class GmailOpenLatestDraftToBob(GmailTask):
    """Gmail's compose screen is in front showing the latest draft to bob@example.com (Gmail opens a draft in
    compose): its recipient and subject. Read from the screen."""

    template = 'Open the latest draft email send to "bob@example.com" in Gmail.'
    requires = frozenset()

    def check(self, device: Device, answer: str | None = None) -> float:
        shown = mail.compose_shown(device)
        return 1.0 if shown and BOB in shown["to"] and shown["subject"] == LATEST_BOB_DRAFT else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Gmail")
        yield from self.label(ui, "Drafts")
        yield ui.click(text=LATEST_BOB_DRAFT)
        yield ui.complete()


class GmailStarLatestSent(GmailTask):
    """The latest message of Sent is starred (``^t``), and it is the only starred message."""

    template = "Star the latest email in sent box in Gmail."

    def check(self, device: Device, answer: str | None = None) -> float:
        sent = mail.latest(device, lambda m: gmail.SENT in m.labels)
        starred = mail.messages(device, lambda m: gmail.STARRED in m.labels)
        return 1.0 if sent is not None and [m.id for m in starred] == [sent.id] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Gmail")
        yield from self.label(ui, "Sent")
        yield ui.click(rid="star", n=0)
        yield ui.complete()


class SearchTask(GmailTask):
    """Gmail shows the results of a submitted search whose query holds the instruction's term (read from the
    screen: the results' search bar)."""

    __abstract__ = True
    requires = frozenset()
    #: The query the oracle types.
    query: ClassVar[str] = ""

    def term(self) -> str:
        raise NotImplementedError

    def check(self, device: Device, answer: str | None = None) -> float:
        shown = mail.search_shown(device)
        if shown is None:
            return 0.0
        term = self.term().lower()  # a word of the query, alone or as an operator's value (to:..., from:...)
        return 1.0 if any(w == term or w.partition(":")[2] == term for w in shown.lower().split()) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Gmail")
        yield from self.search(ui, self.query.format(**self.params) or self.term())
        yield ui.complete()


class GmailSearchMeeting(SearchTask):
    """Searching for a word: the submitted query holds it."""

    template = 'Search for emails containing "{word}" in Gmail.'
    published = ({"word": "meeting"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"word": st.sampled_from(("meeting", "flight", "reservation", "photos"))})

    def term(self) -> str:
        return self.params["word"]


class GmailSearchSentToBob(SearchTask):
    """Searching for mail sent to an address: the submitted query holds the address (with ``to:`` or not)."""

    template = 'Search for emails sent to "{to}" in Gmail.'
    published = ({"to": BOB},)
    query = "to:{to}"

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"to": st.sampled_from((BOB, "olivia.chen@example.com",
                                                             "noah.patel@example.com"))})

    def term(self) -> str:
        return self.params["to"]


class GmailSearchFromGoogle(SearchTask):
    """Searching for Google's mail: the submitted query names Google (``from:Google`` or the word)."""

    template = "Search for all emails sent from Google in Gmail."
    query = "from:Google"

    def term(self) -> str:
        return "google"


class LatestGoogleTask(GmailTask):
    """Tasks on the latest mail received from Google (seeded: "Security alert")."""

    __abstract__ = True

    def target(self, device: Device) -> Message | None:
        return mail.latest(device, mail.from_google)

    def open_latest(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Gmail")
        yield ui.click(text=LATEST_GOOGLE)


class GmailMarkUnreadLatestGoogle(LatestGoogleTask):
    """The latest mail from Google is unread (``^u``); setup marks it read."""

    template = "Mark the latest email sent from Google as unread in Gmail."

    def setup(self, device: Device) -> None:
        m = self.target(device)
        assert m is not None
        mail.set_labels(device, m.id, m.labels - {gmail.UNREAD})

    def check(self, device: Device, answer: str | None = None) -> float:
        m = self.target(device)
        return 1.0 if m is not None and gmail.UNREAD in m.labels and gmail.INBOX_LABEL in m.labels else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_latest(ui)
        yield ui.click(desc="Mark unread")
        yield ui.complete()


class GmailReplyLatestGoogle(LatestGoogleTask):
    """A sent reply (``in_reply_to`` the latest mail from Google) whose content is the given text."""

    template = 'Reply to the latest email sent from Google with content "{content}" in Gmail.'
    published = ({"content": "Got it."},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"content": st.sampled_from(("Got it.", "Thanks, noted.", "It was me."))})

    def replies(self, device: Device, labels: frozenset[str]) -> list[Message]:
        m = self.target(device)
        return [] if m is None else mail.messages(
            device, lambda r: r.in_reply_to == m.id and r.body.strip() == self.params["content"]
            and bool(r.labels & labels))

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if self.replies(device, frozenset({gmail.SENT})) else 0.0

    def write(self, ui: UI) -> Iterator[Action]:
        yield from self.open_latest(ui)
        yield ui.click(text="Reply")
        yield ui.type(self.params["content"], rid="body")

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.write(ui)
        yield ui.click(desc="Send")
        yield ui.complete()


class GmailForwardLatestGoogle(LatestGoogleTask):
    """A sent forward (``forwarded_from`` the latest mail from Google) to the given address."""

    template = 'Forward the latest email sent from Google to "{to}" in Gmail.'
    published = ({"to": BOB},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"to": st.sampled_from(RECIPIENTS)})

    def forwards(self, device: Device, labels: frozenset[str]) -> list[Message]:
        m = self.target(device)
        return [] if m is None else mail.messages(
            device, lambda r: r.forwarded_from == m.id and r.to.strip().lower() == self.params["to"].lower()
            and bool(r.labels & labels))

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if self.forwards(device, frozenset({gmail.SENT})) else 0.0

    def write(self, ui: UI) -> Iterator[Action]:
        yield from self.open_latest(ui)
        yield ui.click(text="Forward")
        yield ui.type(self.params["to"], rid="to")

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.write(ui)
        yield ui.click(desc="Send")
        yield ui.complete()


class GmailDeleteLatestDraftToBob(GmailTask):
    """The latest draft to bob@example.com ("Budget review") is gone from Drafts (discarded or in Trash), and the
    older draft to bob is still there."""

    template = 'Delete the latest draft email to be send to "bob@example.com" in Gmail.'

    def check(self, device: Device, answer: str | None = None) -> float:
        drafts = [m.subject for m in mail.messages(device, mail.draft_to(BOB)) if gmail.TRASH not in m.labels]
        older = [d.subject for d in gmail.DRAFTS if d.to == BOB and d.subject != LATEST_BOB_DRAFT]
        return 1.0 if LATEST_BOB_DRAFT not in drafts and all(s in drafts for s in older) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Gmail")
        yield from self.label(ui, "Drafts")
        yield ui.click(text=LATEST_BOB_DRAFT)
        yield ui.click(desc="More options")
        yield ui.click(text="Discard")
        yield ui.complete()


class GmailMarkImportantLatestGoogle(LatestGoogleTask):
    """The latest mail from Google is marked important (``^io_im``)."""

    template = "Mark important to the latest email sent from Google in Gmail."

    def check(self, device: Device, answer: str | None = None) -> float:
        m = self.target(device)
        return 1.0 if m is not None and gmail.IMPORTANT in m.labels else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_latest(ui)
        yield ui.click(desc="More options")
        yield ui.click(text="Mark important")
        yield ui.complete()


class GmailArchiveLatestGoogle(GmailTask):
    """The mail that was the latest from Google (seeded "Security alert") is archived: out of the inbox, not in
    Trash."""

    template = "Archive the latest email sent from Google in Gmail."

    def check(self, device: Device, answer: str | None = None) -> float:
        found = mail.messages(device, lambda m: m.subject == LATEST_GOOGLE and m.from_address == gmail.GOOGLE_ADDRESS)
        return 1.0 if found and all(m.archived for m in found) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Gmail")
        yield ui.click(text=LATEST_GOOGLE)
        yield ui.click(desc="Archive")
        yield ui.complete()


class GmailOpenSettings(GmailTask):
    """Gmail's settings activity is in front (read from the screen)."""

    template = "Open Gmail settings."
    requires = frozenset()

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if mail.in_front(device, gmail.SETTINGS_ACTIVITY) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Gmail")
        yield ui.click(desc=gmail.DRAWER_BUTTON)
        yield ui.click(text="Settings")
        yield ui.complete()


class SettingTask(GmailTask):
    """A Gmail setting has the value asked (its preference); setup sets another."""

    __abstract__ = True
    setting: ClassVar[str] = ""
    #: The setting's page in Settings.
    page: ClassVar[str] = "General settings"
    start_value: ClassVar[str] = ""

    def wanted(self) -> str:
        raise NotImplementedError

    def stored(self, shown: str) -> str:
        labels, values = gmail.CHOICES[self.setting]
        return values[labels.index(shown)]

    def setup(self, device: Device) -> None:
        mail.put_setting(device, self.setting, self.start_value)

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if mail.setting(device, self.setting) == self.stored(self.wanted()) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Gmail")
        yield ui.click(desc=gmail.DRAWER_BUTTON)
        yield ui.click(text="Settings")
        yield ui.click(text=self.page)
        yield ui.click(text=gmail.SETTING_TITLES[self.setting])
        yield ui.click(text=self.wanted())
        yield ui.complete()


class GmailNotificationsOff(SettingTask):
    """The account's notifications are "None" (off); setup sets "All"."""

    template = "Turn off notifications of the current account for Gmail."
    setting = "notifications"
    page = gmail.ACCOUNT
    start_value = "all"

    def wanted(self) -> str:
        return "None"


class GmailConversationDensity(SettingTask):
    """The conversation list density is the one asked; setup sets "Default"."""

    template = 'Change the conversation list density of emails to "{density}" in Gmail.'
    published = ({"density": "Comfortable"},)
    setting = "density"
    start_value = "default"

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"density": st.sampled_from(("Comfortable", "Compact"))})

    def wanted(self) -> str:
        return self.params["density"]


class GmailTheme(SettingTask):
    """The theme is the one asked; setup sets "System default"."""

    template = 'Change the theme to "{theme}" of Gmail.'
    published = ({"theme": "Dark"},)
    setting = "theme"
    start_value = "system"

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"theme": st.sampled_from(("Dark", "Light"))})

    def wanted(self) -> str:
        return self.params["theme"]


# -- constrained tasks (constrain.yaml) ---------------------------------------------------------------------


class ConstrainedGmailOpenLatestFromGoogle(GmailTask):
    """Constrained 7: the conversation of the latest mail from Google is on screen; the drawer (the label list)
    is forbidden (its button and rows)."""

    template = "Open the latest email received from google in Gmail."
    type = "constrained"
    constraint = LABEL_LIST
    constraints = NO_LABEL_LIST
    requires = frozenset()

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if mail.conversation_shown(device) == LATEST_GOOGLE else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Gmail")
        yield ui.click(text=LATEST_GOOGLE)
        yield ui.complete()


class ConstrainedGmailStarLatestDraftToBob(GmailTask):
    """Constrained 8: the latest draft to bob@example.com is starred and the only starred message; without the
    drawer, Drafts is reached by search (``in:drafts``)."""

    template = 'Star the latest draft email send to "bob@example.com" in Gmail.'
    type = "constrained"
    constraint = LABEL_LIST
    constraints = NO_LABEL_LIST

    def check(self, device: Device, answer: str | None = None) -> float:
        draft = mail.latest(device, mail.draft_to(BOB))
        starred = mail.messages(device, lambda m: gmail.STARRED in m.labels)
        return 1.0 if draft is not None and [m.id for m in starred] == [draft.id] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Gmail")
        yield from self.search(ui, f"in:drafts to:{BOB}", to_pick=True)
        yield ui.click(rid="star", n=0)
        yield ui.complete()


class ConstrainedGmailAttachFirstFile(GmailAttachFirstFile):
    """Constrained 9: as :class:`GmailAttachFirstFile`, the draft found by search instead of the drawer."""

    type = "constrained"
    constraint = LABEL_LIST
    constraints = NO_LABEL_LIST

    def open_draft(self, ui: UI) -> Iterator[Action]:
        yield from self.search(ui, f"in:drafts {self.params['subject']}", to_pick=True)
        yield ui.click(text=self.params["subject"])


class ConstrainedGmailMarkUnreadLatestGoogle(GmailMarkUnreadLatestGoogle):
    """Constrained 10: as :class:`GmailMarkUnreadLatestGoogle`, without the drawer (the inbox shows the mail)."""

    type = "constrained"
    constraint = LABEL_LIST
    constraints = NO_LABEL_LIST


class ConstrainedGmailComposeUnsent(MessageDraw):
    """Constrained 24: the message must be left for the user to review, not sent: nothing with the subject is
    sent or scheduled, and the compose screen shows the recipient, subject and content (or a draft holds them).
    Compose's Send is forbidden."""

    template = ('Compose an email with the subject "{subject}" and the content "{content}" to be sent to "{to}".')
    type = "constrained"
    constraint = REVIEW
    constraints = NO_SEND

    def check(self, device: Device, answer: str | None = None) -> float:
        p = self.params
        found = mail.messages(device, self.same)
        if any(m.labels & {gmail.SENT, gmail.SCHEDULED} for m in found):
            return 0.0
        shown = mail.compose_shown(device)
        on_screen = shown is not None and shown["to"].strip().lower() == p["to"].lower() \
            and shown["subject"].strip() == p["subject"] and shown["body"].strip() == p["content"]
        return 1.0 if on_screen or any(gmail.DRAFT in m.labels for m in found) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.compose(ui)
        yield ui.complete()


class ConstrainedGmailOpenLatestDraftToBobNoLabels(GmailOpenLatestDraftToBob):
    """Constrained 25: as :class:`GmailOpenLatestDraftToBob`, the draft found by search instead of the drawer."""

    type = "constrained"
    constraint = LABEL_LIST
    constraints = NO_LABEL_LIST

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Gmail")
        yield from self.search(ui, f"in:drafts to:{BOB}", to_pick=True)
        yield ui.click(rid="subject", n=0)
        yield ui.complete()


class ConstrainedGmailSearchMeetingNoScroll(GmailSearchMeeting):
    """Constrained 26: as :class:`GmailSearchMeeting`; scrolling (a scroll or swipe action) is forbidden."""

    type = "constrained"
    constraint = SEARCH_BAR
    constraints = NO_SCROLL


class ConstrainedGmailOpenLatestDraftToBobNoScroll(ConstrainedGmailOpenLatestDraftToBobNoLabels):
    """Constrained 27: as :class:`GmailOpenLatestDraftToBob`, found with the search bar; scrolling is forbidden."""

    constraint = SEARCH_BAR
    constraints = NO_SCROLL


def _compose_holds(device: Device, subject: str, **want: str) -> bool:
    shown = mail.compose_shown(device)
    return shown is not None and shown["subject"] == subject and all(
        shown[k].strip().lower() == v.lower() for k, v in want.items())


class ConstrainedGmailReplyUnsent(GmailReplyLatestGoogle):
    """Constrained 32: the reply must wait for the user's review: no reply was sent, and compose shows the reply
    with the content (or a draft replying to the mail holds it). Compose's Send is forbidden."""

    type = "constrained"
    constraint = REVIEW
    constraints = NO_SEND

    def check(self, device: Device, answer: str | None = None) -> float:
        m = self.target(device)
        if m is None or mail.messages(device, lambda r: r.in_reply_to == m.id and gmail.SENT in r.labels):
            return 0.0
        ready = _compose_holds(device, f"Re: {m.subject}", body=self.params["content"])
        return 1.0 if ready or self.replies(device, frozenset({gmail.DRAFT})) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.write(ui)
        yield ui.complete()


class ConstrainedGmailForwardUnsent(GmailForwardLatestGoogle):
    """Constrained 33: the forward must wait for the user's review: none was sent, and compose shows the forward
    to the address (or a draft forwarding the mail holds it). Compose's Send is forbidden."""

    type = "constrained"
    constraint = REVIEW
    constraints = NO_SEND

    def check(self, device: Device, answer: str | None = None) -> float:
        m = self.target(device)
        if m is None or mail.messages(device, lambda r: r.forwarded_from == m.id and gmail.SENT in r.labels):
            return 0.0
        ready = _compose_holds(device, f"Fwd: {m.subject}", to=self.params["to"])
        return 1.0 if ready or self.forwards(device, frozenset({gmail.DRAFT})) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.write(ui)
        yield ui.complete()
