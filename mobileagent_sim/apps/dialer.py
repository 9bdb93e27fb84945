"""Phone (Google Dialer, ``com.google.android.dialer``) and the Telecom service it talks to.

Screens: the main activity with the Google dialer's bottom tabs (Favorites,
Recents, Contacts; Voicemail is hidden, as on an emulator without a voicemail
account), the dial pad behind the "key pad" button, and the in-call screen
(``com.android.incallui.InCallActivity``, which ships in the dialer package).

Telecom lives in system_server on a phone; here it is the module-level
functions :func:`place_call` and :func:`end_call`, which keep the one call in
progress on the installed dialer (plain data, so snapshots copy it), print the
``Telecom`` logcat lines (``LogUtils ... EventRecord added as Call``,
``CreateConnectionProcessor: Emergency number detected``,
``InCallController: onCallRemoved``) and write finished calls to the call log
of the contacts provider. As with the default carrier config, emergency calls
are not written to the call log. An outgoing call is answered two seconds
after it is placed and lasts until someone ends it.

The app takes the CALL/DIAL/VIEW tel: intents (``am start -a
android.intent.action.CALL -d tel:...``), the ENDCALL key during a call, and
provides ``dumpsys telephony.registry`` (``mCallState``).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

import mobileagent_sim.services as services
from mobileagent_sim.app import Activity, App, Intent
from mobileagent_sim.framework import dumpsys_service
from mobileagent_sim.providers import MISSED, OUTGOING, ContactsProvider, digits
from mobileagent_sim.shell import Shell
from mobileagent_sim.views import Column, EditText, Frame, Image, ImageButton, Row, Scroll, Text, View
from pytest_mobileagent.android.dialer import MAIN_ACTIVITY, PACKAGE

if TYPE_CHECKING:
    from mobileagent_sim.system import System

EMERGENCY_NUMBERS = ("911", "112")
#: An outgoing call is answered (the emulator's modem answers) this long after it was placed.
ANSWER_MS = 2000
TABS = ("Favorites", "Recents", "Contacts")
#: Google's ids of those tabs (AOSP's are speed_dial_tab, call_log_tab, contacts_tab).
TAB_IDS = ("tab_speed_dial", "tab_call_history", "tab_contacts")
#: Dial pad keys: resource id, digit, the letters under it.
KEYS = (("one", "1", ""), ("two", "2", "ABC"), ("three", "3", "DEF"), ("four", "4", "GHI"), ("five", "5", "JKL"),
        ("six", "6", "MNO"), ("seven", "7", "PQRS"), ("eight", "8", "TUV"), ("nine", "9", "WXYZ"),
        ("star", "*", ""), ("zero", "0", "+"), ("pound", "#", ""))
CALL_TYPES = {1: "Incoming call", OUTGOING: "Outgoing call", MISSED: "Missed call"}
ACTION_DIAL = "android.intent.action.DIAL"
ACTION_CALL = "android.intent.action.CALL"
ACTION_VIEW = "android.intent.action.VIEW"


# -- Telecom -------------------------------------------------------------------------------------------


def dialer(system: System) -> DialerApp | None:
    app = system.apps.get(PACKAGE)
    return app if isinstance(app, DialerApp) else None


def _telecom_log(system: System, message: str) -> None:
    system.log("Telecom", message, pid=services.SYSTEM_PID, tid=2206)


def _describe_call(call: dict[str, Any], state: str) -> str:
    handle = "tel:" + "*" * len(digits(call["number"]))  # Telecom logs handles redacted
    return (f"[Call id={call['id']}, state={state}, tpac=null, cmgr=null, hdl={handle}, hdlPres=1, cnap=null, "
            "vidst=A, childs(0), has_parent(false), cap=[], prop=[]], voip=false")


def is_emergency(number: str) -> bool:
    return not number.strip().startswith("+") and digits(number) in EMERGENCY_NUMBERS


def active_call(system: System) -> dict[str, Any] | None:
    app = dialer(system)
    return app.call if app is not None else None


def place_call(system: System, number: str) -> bool:
    """What ``ACTION_CALL`` does: Telecom creates the call and the dialer shows the in-call screen."""
    app = dialer(system)
    number = number.strip()
    if app is None or not digits(number):
        return False
    if app.call is None:
        call = {"id": f"TC@{app.next_call}", "number": number, "start_ms": system.clock.millis(),
                "emergency": is_emergency(number), "mute": False, "speaker": False, "hold": False}
        app.next_call += 1
        session = f"{app.next_call:03X}"
        _telecom_log(system, f"LogUtils: EventRecord added as Call: {_describe_call(call, 'NEW')}: NOCP.oR@A{session}")
        if call["emergency"]:
            _telecom_log(system, f"CreateConnectionProcessor: Emergency number detected: CSW.hCCC@A{session}")
        added = _describe_call(call, "CONNECTING")
        _telecom_log(system, f"InCallController: onCallAdded: {added}: CSW.hCCC@A{session}")
        app.call = call
    show_in_call(system)
    return True


def show_in_call(system: System) -> None:
    """Bring the in-call screen to the front (one instance, in the dialer's task)."""
    app = dialer(system)
    if app is None:
        return
    task = next((t for t in system.tasks if t.affinity == PACKAGE and t.stack), None)
    if task is not None and isinstance(task.stack[-1], InCallActivity):
        system.launch(PACKAGE)
        return
    system.start_activity(app, InCallActivity, Intent(component=app.component(InCallActivity)))


def end_call(system: System) -> bool:
    """Hang up the call in progress: Telecom removes it, logs it and writes the call log; False if there was none."""
    app = dialer(system)
    if app is None or app.call is None:
        return False
    call, app.call = app.call, None
    now = system.clock.millis()
    answered = now - call["start_ms"] >= ANSWER_MS
    _telecom_log(system, f"InCallController: onCallRemoved: {_describe_call(call, 'DISCONNECTED')}: "
                         f"ICA.hU@A{app.next_call:03X}")
    if not call["emergency"]:  # KEY_ALLOW_EMERGENCY_NUMBERS_IN_CALL_LOG_BOOL defaults to false
        duration = (now - call["start_ms"] - ANSWER_MS) // 1000 if answered else 0
        ContactsProvider(system).add_call(call["number"], OUTGOING, call["start_ms"], int(duration))
    for task in list(system.tasks):
        for activity in list(task.stack):
            if isinstance(activity, InCallActivity):
                activity.finish()
    system.invalidate()
    return True


def call_state(system: System) -> int:
    """``TelephonyManager`` call state: 0 idle, 2 off-hook."""
    return 2 if active_call(system) else 0


def format_duration(ms: int) -> str:
    seconds = max(0, ms // 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"


# -- intents -------------------------------------------------------------------------------------------


def tel_number(data: str) -> str:
    return data[4:] if data.startswith("tel:") else ""


def open_dial_pad(system: System, number: str = "") -> None:
    """``ACTION_DIAL``: the dialer comes forward with the dial pad open and the number entered."""
    app = dialer(system)
    if app is None:
        return
    top = next((t.stack[-1] for t in system.tasks if t.affinity == PACKAGE and t.stack), None)
    if isinstance(top, DialtactsActivity):  # singleTask: the running instance gets the new intent
        top.show_dial_pad(number)
        system.launch(PACKAGE)
        return
    activity = system.start_activity(app, DialtactsActivity,
                                     Intent(action=ACTION_DIAL, data=f"tel:{number}" if number else ""))
    assert isinstance(activity, DialtactsActivity)
    activity.show_dial_pad(number)


# -- screens -------------------------------------------------------------------------------------------


class DialtactsActivity(Activity):
    """The dialer's main screen: bottom tabs, the "key pad" button and the dial pad."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Intent):
        super().__init__(app, intent)
        self.tab = 0
        self.dial_pad = False
        # Dialer's LogUtil.enterBlock: "<Class.method> - enter" under the "Dialer" tag
        self.log("Dialer", "MainActivity.onCreate - enter")

    @property
    def provider(self) -> ContactsProvider:
        return ContactsProvider(self.system)

    # -- dial pad ------------------------------------------------------------------------

    def show_dial_pad(self, number: str = "") -> None:
        self.dial_pad = True
        self.set_digits(number)

    def hide_dial_pad(self) -> None:
        self.dial_pad = False
        self.set_digits("")
        self.system.clear_focus(self)

    def set_digits(self, value: str) -> None:
        self.fields["digits"] = value
        # keys append at the end: keep the text cursor there for typed input
        self.view_state[("cursor", f"{PACKAGE}:id/digits")] = len(value)

    def press_key(self, char: str) -> None:
        self.set_digits(self.fields.get("digits", "") + char)

    def backspace(self) -> None:
        self.set_digits(self.fields.get("digits", "")[:-1])

    def dial(self) -> None:
        number = self.fields.get("digits", "").strip()
        if not number:  # an empty dial pad redials: the last number dialled comes back
            last = next((c["number"] for c in self.provider.calls() if c["type"] == OUTGOING), "")
            self.set_digits(last)
            return
        self.hide_dial_pad()
        place_call(self.system, number)

    def build_dial_pad(self) -> View:
        rows = [Row(*[self.key(*k) for k in KEYS[i:i + 3]], height=76) for i in range(0, 12, 3)]
        return Column(
            View(weight=1),
            Row(
                View(width=48, height=64),
                # DialpadFragment gives mDigits UnicodeDialerKeyListener, a DialerKeyListener (AOSP Dialer)
                EditText("digits", self.fields.get("digits", ""), self.set_digits, style="digits", weight=1,
                         input_type="phone", height=64),
                ImageButton("backspace", self.backspace, id="deleteButton", icon="backspace", height=64),
                id="digits_container", height=64,
            ),
            Column(*rows, id="dialpad_view", cls="android.widget.LinearLayout"),
            Row(View(weight=1), ImageButton("dial", self.dial, id="dialpad_voice_call_button", icon="call",
                                            width=64, height=64), View(weight=1), height=88, padding=12),
            id="dialpad_fragment_container", style="keypad",
        )

    def key(self, rid: str, digit: str, letters: str) -> View:
        desc = f"{digit},{letters}" if letters and digit != "0" else digit
        return View(cls="android.widget.FrameLayout", id=rid, desc=desc, clickable=True, focusable=True,
                    long_clickable=digit == "0", on_click=lambda d=digit: self.press_key(d),
                    on_long_click=(lambda: self.press_key("+")) if digit == "0" else None, weight=1, height=76,
                    children=[Column(Text(digit, id="dialpad_key_number", style="keypad", height=40),
                                     Text(letters, id="dialpad_key_letters", style="caption", height=20)
                                     if letters else None)])

    # -- tabs ------------------------------------------------------------------------------

    def build(self) -> View:
        if self.dial_pad:
            return self.build_dial_pad()
        body = (self.build_favorites, self.build_recents, self.build_contacts)[self.tab]()
        return Frame(
            Column(
                body,
                self.bottom_nav(),
            ),
            Column(View(weight=1), Row(View(weight=1), ImageButton("key pad", self.show_dial_pad, id="dialpad_fab",
                                                                   icon="dialpad", width=56, height=56,
                                                                   style="fab"), height=72),
                   View(height=64)),
        )

    def bottom_nav(self) -> View:
        """The bottom navigation: one tab per page, its icon and label (``bottom_nav_item_image`` /
        ``bottom_nav_item_text`` of AOSP's ``bottom_nav_item.xml``), Google's tab ids as public scripts use them."""
        tabs = [View(cls="android.widget.FrameLayout", id=rid, desc=title, selected=i == self.tab, clickable=True,
                     focusable=True, weight=1, height=64, on_click=lambda i=i: self.select_tab(i),
                     children=[Column(Image(icon=icon if i == self.tab else f"{icon}:outlined",
                                            id="bottom_nav_item_image"),
                                      Text(title, id="bottom_nav_item_text",
                                           style="tab-selected" if i == self.tab else "tab"))])
                for i, (title, rid, icon) in enumerate(zip(TABS, TAB_IDS, ("star", "history", "people")))]
        return View(cls="android.widget.LinearLayout", id="bottom_nav_bar", orientation="horizontal", children=tabs,
                    height=64)

    def select_tab(self, index: int) -> None:
        self.tab = index

    def build_favorites(self) -> View:
        favorites = [c for c in self.provider.contacts() if c["starred"] and c["has_phone"]]
        if not favorites:
            return Column(Text("No favorites yet", id="empty_list_view_message", style="item-summary"), weight=1,
                          padding=24)
        tiles = [View(cls="android.widget.FrameLayout", desc=c["name"], clickable=True, focusable=True,
                      on_click=lambda c=c: self.call_contact(c["contact_id"]), height=96, weight=1,
                      children=[Column(Image(icon=f"avatar:{c['name']}"), Text(c["name"], id="contact_name"))])
                 for c in favorites]
        rows = [Row(*tiles[i:i + 3], *[View(weight=1) for _ in range(3 - len(tiles[i:i + 3]))], height=104)
                for i in range(0, len(tiles), 3)]
        return Scroll(*rows, id="speed_dial_recycler_view", weight=1)

    def call_contact(self, contact_id: int) -> None:
        contact = self.provider.contact(contact_id)
        if contact and contact["phones"]:
            place_call(self.system, contact["phones"][0]["number"])

    def build_recents(self) -> View:
        calls = self.provider.calls()
        if not calls:
            return Column(Text("No recent calls", id="empty_list_view_message", style="item-summary"), weight=1,
                          padding=24)
        return Scroll(*[self.call_row(c) for c in calls], id="new_call_log_recycler_view", weight=1)

    def call_row(self, call: dict[str, Any]) -> View:
        who = call["name"] or call["number"]
        when = dt.datetime.fromtimestamp(call["date"] / 1000, dt.timezone.utc)
        day = "" if when.date() == self.system.clock.now.date() else f"{when:%b} {when.day}, "
        return Row(
            Image(icon=f"avatar:{call['name']}" if call["name"] else "account_circle"),
            Column(Text(who, id="primary_text", style="item-title"),
                   Text(f"{CALL_TYPES.get(call['type'], 'Call')} · {day}{when:%H:%M}", id="secondary_text",
                        style="item-summary"), weight=1),
            ImageButton(f"Call {who}", lambda n=call["number"]: place_call(self.system, n), id="call_button",
                        icon="call:outlined"),
            id="call_log_entry", height=72, padding=8,
        )

    def build_contacts(self) -> View:
        rows = [Row(Image(icon=f"avatar:{c['name']}"), Text(c["name"], id="contact_name", style="item-title", weight=1),
                    clickable=True, focusable=True, height=64, padding=8,
                    on_click=lambda c=c: self.view_contact(c))
                for c in self.provider.contacts() if c["has_phone"]]
        if not rows:
            return Column(Text("No contacts", id="empty_list_view_message", style="item-summary"), weight=1,
                          padding=24)
        return Scroll(*rows, id="contacts_recycler_view", weight=1)

    def view_contact(self, contact: dict[str, Any]) -> None:
        uri = f"content://com.android.contacts/contacts/lookup/{contact['lookup']}/{contact['contact_id']}"
        self.system.start_intent(Intent(action=ACTION_VIEW, data=uri))

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.dial_pad:
            self.hide_dial_pad()
            return True
        return False


class InCallActivity(Activity):
    """The in-call screen: who is called, the call state or timer, call buttons and "End call"."""

    name = "com.android.incallui.InCallActivity"

    def call(self) -> dict[str, Any] | None:
        return active_call(self.system)

    def build(self) -> View:
        call = self.call()
        if call is None:
            return Column(Text("Call ended", id="contactgrid_status_text", style="title"), padding=24)
        elapsed = self.system.clock.millis() - call["start_ms"]
        name = None if call["emergency"] else ContactsProvider(self.system).lookup_name(call["number"])
        if call["hold"]:
            status = "On hold"
        elif elapsed < ANSWER_MS:
            status = "Calling…"
        else:
            status = "Emergency call" if call["emergency"] else ""
        return Column(
            Column(
                Text(status, id="contactgrid_status_text", style="caption") if status else None,
                Text(name or call["number"], id="contactgrid_contact_name", style="headline"),
                Text(call["number"], id="contactgrid_bottom_text", style="item-summary") if name else None,
                Text(format_duration(elapsed - ANSWER_MS), id="contactgrid_bottom_timer", style="caption")
                if elapsed >= ANSWER_MS else None,
                id="incall_contact_grid", padding=24,
            ),
            View(weight=1),
            # AOSP InCallUI: the buttons of incall_button_grid.xml in the incall_pager ViewPager
            Row(self.toggle("Mute", "mute", "mic_off", "incall_first_button"),
                self.toggle("Speaker", "speaker", "volume_up", "incall_second_button"),
                self.toggle("Hold", "hold", "pause", "incall_third_button"), id="incall_pager", height=96),
            Row(View(weight=1), ImageButton("End call", lambda: end_call(self.system), id="incall_end_call",
                                            icon="call_end", width=64, height=64), View(weight=1),
                height=104, padding=20),
            style="incall",
        )

    def toggle(self, label: str, key: str, icon: str, id: str) -> View:
        call = self.call() or {}
        return View(cls="android.widget.LinearLayout", desc=label, id=id, checkable=True, checked=bool(call.get(key)),
                    clickable=True, focusable=True, on_click=lambda: self.flip(key), weight=1, height=96,
                    children=[Column(Image(icon=icon), Text(label, style="caption"))])

    def flip(self, key: str) -> None:
        call = self.call()
        if call is not None:
            call[key] = not call[key]

    def on_back(self) -> bool:
        if self.call() is not None:  # BACK during a call leaves it running in the background
            self.system.go_home()
            return True
        return False


class DialerApp(App):
    package = PACKAGE
    label = "Phone"
    icon = "phone"
    activities = (DialtactsActivity, InCallActivity)
    uid = 10126

    def __init__(self, system: System):
        super().__init__(system)
        self.call: dict[str, Any] | None = None
        self.next_call = 1

    def handle_intent(self, intent: Intent, mime_type: str = "") -> bool:
        number = tel_number(intent.data)
        if intent.action in (ACTION_CALL, "android.intent.action.CALL_PRIVILEGED",
                             "android.intent.action.CALL_EMERGENCY") and number:
            return place_call(self.system, number)
        if intent.action == ACTION_DIAL or (intent.action == ACTION_VIEW and intent.data.startswith("tel:")):
            open_dial_pad(self.system, number)
            return True
        return False

    def on_key(self, code: int) -> bool:
        # PhoneWindowManager hands ENDCALL to Telecom while a call is up
        return code == 6 and end_call(self.system)


# -- the shell: telephony state ------------------------------------------------------------------------------


@dumpsys_service("telephony.registry")
def _telephony_registry(sh: Shell, argv: list[str]) -> str:
    state = call_state(sh.system)
    return ("last known state:\n  Phone Id=0\n"
            f"    mCallState={state}\n    mRingingCallState=0\n    mForegroundCallState={1 if state else 0}\n"
            "    mCallIncomingNumber=\n"
            "    mServiceState={mVoiceRegState=0(IN_SERVICE), mDataRegState=0(IN_SERVICE)}\n"
            "    mDataConnectionState=2\n    mDataActivity=0\n")
