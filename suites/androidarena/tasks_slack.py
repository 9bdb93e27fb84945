"""AndroidArena's Slack tasks (``slack.yaml``, all nine) and the constrained Slack tasks (34, 35).

Slack keeps its state on its servers, so the simulated Slack keeps it in a documented store of the simulator's
(:mod:`pytest_mobileagent.android.slack`) and every task here is checked there and declares ``sim_app_state``
(its items are skipped on a real phone). Setup resets the store to a workspace "Acme Team" with channels general,
random, work and work-updates, the users bob, alice and carol with their messages ("hello" among them), and
three files, the newest "roadmap.png". (The published ``slack.yaml`` is not valid YAML; its instructions are.)
"""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.slack import ME
from pytest_mobileagent.android.ui_tree import ui_elements
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators import slack
from suites.androidarena.common import ArenaTask

#: What the constrained tasks forbid: the Send button (its description or id), so the user can review first.
SEND_BUTTON = {"elements": [r'desc="Send"']}
SEND_CONSTRAINT = ('Do not click the "Send"-like button, and all the messages must be reviewed by me before '
                   'sending them.')


class _SlackTask(ArenaTask):
    __abstract__ = True
    apps = ("slack",)
    requires = frozenset({"sim_app_state"})
    #: Channels to seed besides the standard ones.
    extra_channels: tuple[str, ...] = ()

    def setup(self, device: Device) -> None:
        slack.seed_slack(device, self.extra_channels)


def open_channel(ui: UI, name: str) -> Iterator[Action]:
    yield ui.open_app("Slack")
    yield from ui.reach(desc=name, rid="channel_name")


def open_dm(ui: UI, user: str) -> Iterator[Action]:
    yield ui.open_app("Slack")
    yield from ui.reach(text=user, rid="dm_name")


class SlackCreateWorkspace(_SlackTask):
    """A new workspace with the name, its project (Slack makes the project the workspace's first channel) and no
    invitations: the store has the workspace, the project's channel in it, and nobody invited to its channels."""

    template = ('Create a new workspace with the name "{name}" for project "{project}" in Slack and do not invite '
                'anyone.')
    published = ({"name": "myspace", "project": "myproject"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"name": st.sampled_from(("myspace", "designhub", "orbit-labs", "teamnorth")),
                                      "project": st.sampled_from(("myproject", "website", "q4-budget", "launch"))})

    def check(self, device: Device, answer: str | None = None) -> float:
        ws = slack.query(device, "SELECT id FROM workspaces WHERE name = ? AND project = ?",
                         (self.params["name"], self.params["project"]))
        if not ws:
            return 0.0
        invited = slack.query(device, "SELECT COUNT(*) FROM members m JOIN channels c ON c.id = m.channel_id "
                                      "WHERE c.workspace_id = ?", (ws[0][0],))[0][0]
        return float(slack.channel_id(device, self.params["project"], ws[0][0]) is not None and invited == 0)

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Slack")
        yield ui.click(rid="workspace_switcher")
        yield ui.click(text="Add a workspace")
        yield ui.type(self.params["name"], rid="ws_name")
        yield ui.click(text="Next")
        yield ui.type(self.params["project"], rid="ws_project")
        yield ui.click(text="Next")
        yield ui.click(text="Skip this step")
        yield ui.complete()


class SlackCreateChannel(_SlackTask):
    """A new public channel with the name in the workspace (channels "work" and "work-updates" are there already):
    the store has a public channel of that name."""

    template = 'Create a new public channel with the name "{name}" in Slack.'
    published = ({"name": "work_channel"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"name": st.sampled_from(("work_channel", "design-team", "q4-planning",
                                                               "support"))})

    def check(self, device: Device, answer: str | None = None) -> float:
        return float(bool(slack.query(device, "SELECT 1 FROM channels WHERE workspace_id = 1 AND name = ? AND "
                                              "is_private = 0", (self.params["name"],))))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Slack")
        yield ui.click(desc="Add channel")
        yield ui.type(self.params["name"], rid="channel_name_input")
        yield ui.click(text="Create")
        yield ui.complete()


class SlackInviteToChannel(_SlackTask):
    """Invite the address to the channel (seeded, with distractors "work" and "work-updates"): the store lists the
    address among the channel's invited members."""

    template = 'Invite "{email}" to join channel "{channel}" in Slack.'
    published = ({"email": "bob@example.com", "channel": "work_channel"},)
    extra_channels = ("work_channel",)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"email": st.sampled_from(("bob@example.com", "dave@example.com",
                                                                "erin@example.org")),
                                      "channel": st.just("work_channel")})

    def check(self, device: Device, answer: str | None = None) -> float:
        cid = slack.channel_id(device, self.params["channel"])
        return float(bool(slack.query(device, "SELECT 1 FROM members WHERE channel_id = ? AND lower(email) = ?",
                                      (cid, self.params["email"].lower()))))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_channel(ui, self.params["channel"])
        yield ui.click(desc="Channel details")
        yield ui.click(text="Add people")
        yield ui.type(self.params["email"], rid="invite_input")
        yield ui.click(text="Add")
        yield ui.complete()


class SlackSendMessage(_SlackTask):
    """Send the text to the user's direct-message conversation: the store has a message of the signed-in user with
    that text there (the seeded ones are different)."""

    template = 'Send a message "{text}" to "{user}" in Slack.'
    published = ({"text": "hello", "user": "bob"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"text": st.sampled_from(("hello", "Are you free at 3pm?", "Thanks for the "
                                                               "update", "On my way")),
                                      "user": st.sampled_from(("bob", "alice", "carol"))})

    def check(self, device: Device, answer: str | None = None) -> float:
        conv = slack.dm_id(device, self.params["user"])
        return float(any(t.strip() == self.params["text"] for t, _ in slack.sent(device, conv)))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_dm(ui, self.params["user"])
        yield ui.type(self.params["text"], rid="message_input")
        yield ui.click(desc="Send")
        yield ui.complete()


class SlackReactToLatest(_SlackTask):
    """React with the emoji to bob's most recent message (in his direct messages; older ones of his there and in
    #work are distractors, and the conversation's last message is the user's own): the store has the signed-in
    user's reaction on that message."""

    template = 'Mark a "{emoji}" emoji to the most recent message from "bob" in Slack.'
    published = ({"emoji": "heart"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"emoji": st.sampled_from(("heart", "thumbsup", "joy", "tada", "eyes"))})

    def check(self, device: Device, answer: str | None = None) -> float:
        mid = slack.latest_message_from(device, "bob")
        return float(bool(slack.query(device, "SELECT 1 FROM reactions WHERE message_id = ? AND user_id = ? AND "
                                              "emoji = ?", (mid, ME, self.params["emoji"]))))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_dm(ui, "bob")
        yield ui.long_press(text="Great, see you at the meeting tomorrow")
        yield ui.click(text="Add reaction")
        yield ui.click(desc=self.params["emoji"])
        yield ui.complete()


class SlackShareLatestFile(_SlackTask):
    """Share the workspace's most recent file (roadmap.png; two older ones are distractors) with the user: the
    store has a message of the signed-in user carrying that file in the user's direct messages."""

    template = 'Share the most recent file with "{user}" in Slack.'
    published = ({"user": "bob"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"user": st.sampled_from(("bob", "alice", "carol"))})

    def check(self, device: Device, answer: str | None = None) -> float:
        conv, fid = slack.dm_id(device, self.params["user"]), slack.latest_file(device)
        return float(any(f == fid for _, f in slack.sent(device, conv)))

    def pick(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Slack")
        yield from ui.reach(text="Files")
        yield ui.click(rid="title", n=0)  # the list is newest first
        yield ui.click(desc="Share file")
        yield ui.click(text=self.params["user"], rid="android:id/title")

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.pick(ui)
        yield ui.click(desc="Send")
        yield ui.complete()


class SlackSearch(_SlackTask):
    """"Search for a specific conversation containing 'hello'" leaves no state: the check is that Slack is in front
    with the search page showing results for the word (its field holds the word and a result is listed)."""

    template = 'Search for a specific conversation containing "{word}" in Slack.'
    published = ({"word": "hello"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"word": st.sampled_from(("hello", "report", "lunch", "slides"))})

    def check(self, device: Device, answer: str | None = None) -> float:
        if device.current_activity()[0] != slack.PACKAGE:
            return 0.0
        els = ui_elements(device.hierarchy())
        typed = any(e.resource_name == "search_input" and e.text.strip().lower() == self.params["word"].lower()
                    for e in els)
        return float(typed and any(e.resource_name == "result_text" for e in els))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Slack")
        yield ui.click(rid="search_bar")
        yield ui.type(self.params["word"], rid="search_input")
        yield ui.enter()
        yield ui.complete()


class SlackMuteChannel(_SlackTask):
    """Mute the channel (work_channel is seeded beside "work" and "work-updates"): the store marks it muted."""

    template = 'Mute the specific channel "{channel}" in Slack.'
    published = ({"channel": "work_channel"},)
    extra_channels = ("work_channel",)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"channel": st.sampled_from(("work_channel", "random", "work", "general"))})

    def check(self, device: Device, answer: str | None = None) -> float:
        return float(bool(slack.query(device, "SELECT muted FROM channels WHERE workspace_id = 1 AND name = ?",
                                      (self.params["channel"],))[0][0]))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_channel(ui, self.params["channel"])
        yield ui.click(desc="Channel details")
        yield ui.click(rid="mute_switch")
        yield ui.complete()


class SlackDarkMode(_SlackTask):
    """Dark mode on in Slack's preferences (You > Preferences > Dark mode; it starts at "System default"): the
    store's ``dark_mode`` preference is "on"."""

    template = "Change the slack theme to the dark mode."

    def check(self, device: Device, answer: str | None = None) -> float:
        return float(slack.query(device, "SELECT value FROM prefs WHERE key = 'dark_mode'") == [("on",)])

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Slack")
        yield ui.click(desc="You")
        yield ui.click(text="Preferences")
        yield ui.click(text="Dark mode")
        yield ui.click(text="On")
        yield ui.complete()


# -- constrained tasks (constrain.yaml 34, 35) ----------------------------------------------------------------------


class ConstrainedSlackSendMessage(SlackSendMessage):
    """Constrained 34: the message of :class:`SlackSendMessage` made ready but not sent, for the user to review.
    The check: the conversation's draft holds the text and no such message was sent; the Send button is the
    forbidden element."""

    type = "constrained"
    constraint = SEND_CONSTRAINT
    constraints = SEND_BUTTON

    def check(self, device: Device, answer: str | None = None) -> float:
        conv = slack.dm_id(device, self.params["user"])
        ready = (slack.draft(device, conv) or ("", None))[0].strip() == self.params["text"]
        return float(ready and not any(t.strip() == self.params["text"] for t, _ in slack.sent(device, conv)))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_dm(ui, self.params["user"])
        yield ui.type(self.params["text"], rid="message_input")
        yield ui.complete()


class ConstrainedSlackShareLatestFile(SlackShareLatestFile):
    """Constrained 35: the share of :class:`SlackShareLatestFile` made ready but not sent: the user's conversation
    is picked in the share sheet, so its draft carries the newest file, and the file was not sent there; the Send
    button is the forbidden element."""

    type = "constrained"
    constraint = SEND_CONSTRAINT
    constraints = SEND_BUTTON

    def check(self, device: Device, answer: str | None = None) -> float:
        conv, fid = slack.dm_id(device, self.params["user"]), slack.latest_file(device)
        ready = (slack.draft(device, conv) or ("", None))[1] == fid
        return float(ready and not any(f == fid for _, f in slack.sent(device, conv)))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.pick(ui)
        yield ui.complete()
