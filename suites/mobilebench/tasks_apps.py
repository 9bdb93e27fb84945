"""Calls and notes (Mobile-Bench's ``phonecall`` and ``todoList`` domains), and requests over several apps, on the
simulated Phone, Contacts, Markor, Settings and Clock.

Calls are judged as Mobile-Bench's teardown ends them (``input keyevent KEYCODE_ENDCALL``): the call in progress
is hung up and the call log must hold an outgoing call to the number. Notes are judged on the files of Markor's
notebook (Mobile-Bench's MIUI Notes, ``com.miui.notes``, is not on the simulator).
"""

from __future__ import annotations

import datetime as dt
import posixpath
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import (
    audio,
    calculator,
    calendar,
    contacts,
    deskclock,
    dialer,
    markor,
    settings_app,
    zen_mode,
)
from pytest_mobileagent.android.calendar import Event
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.walks import create_alarm, open_bluetooth, open_internet, open_settings, open_tab, slide
from pytest_mobileagent.validators import deskclock as clock
from pytest_mobileagent.validators.calendar import list_events, seed_events
from pytest_mobileagent.validators.contacts import add_contact, clean_number, clear_contacts
from pytest_mobileagent.validators.storage import changes, tree
from pytest_mobileagent.validators.telephony import OUTGOING, call_log, clear_call_log, end_call_if_active
from suites.mobilebench.common import MobileBenchTask, lang, with_lang
from suites.mobilebench.tasks_calculator import said_number
from suites.mobilebench.tasks_organizer import add_event, reminded

#: Dial-pad keys by digit (their resource ids).
KEYS = dict(zip("1234567890", ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "zero")))
#: Service numbers of the kind Mobile-Bench's queries call (its 269 calls 10086), and mobile numbers.
NUMBERS = st.one_of(st.sampled_from(["10086", "10010", "95588", "12306"]), st.from_regex(r"\A1[3-9][0-9]{9}\Z"))
#: People the user calls, by how the query names them (Chinese, English).
PEOPLE = (("妹妹", "my sister"), ("妈妈", "Mom"), ("小明", "Xiaoming"), ("张若涵", "Zhang Ruohan"),
          ("王老师", "Mr. Wang"))
CALL_CHECKS = {"package": dialer.PACKAGE, "activity": "com.android.incallui.InCallActivity"}


def called(device: Device, number: str) -> bool:
    """Hang up (Mobile-Bench's teardown) and find an outgoing call to ``number`` in the call log."""
    end_call_if_active(device)
    return any(c["type"] == str(OUTGOING) and clean_number(c["number"]) == clean_number(number)
               for c in call_log(device))


def dial_number(ui: UI, number: str) -> Iterator[Action]:
    yield ui.open_app("Phone")
    yield ui.click(desc="key pad")
    for digit in number:
        yield ui.click(rid=KEYS[digit])
    yield ui.click(desc="dial")


class _Call(MobileBenchTask):
    __abstract__ = True
    apps = ("phone",)
    packages = frozenset({dialer.PACKAGE})

    def setup(self, device: Device) -> None:
        end_call_if_active(device)
        clear_call_log(device)

    def teardown(self, device: Device) -> None:
        end_call_if_active(device)

    def describe_state(self, device: Device) -> str:
        return f"call log={call_log(device)}"


class MobileBenchCallNumber(_Call):
    """Mobile-Bench 269 "打电话给10086"."""

    template = "call {number}"
    template_zh = "打电话给{number}"
    tags = ("sast", "phonecall")
    complexity = 1.5
    optimal_steps = 8
    published = ({"lang": "zh", "number": "10086"},)
    check_point = {**CALL_CHECKS, "resource-id": "dialpad_fab"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return with_lang({"number": NUMBERS})

    @classmethod
    def published_parameters(cls, row: Any) -> st.SearchStrategy[dict[str, Any]]:
        return st.just(dict(row))

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if called(device, self.params["number"]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from dial_number(ui, self.params["number"])
        yield ui.complete()


class MobileBenchCallContact(_Call):
    """Mobile-Bench 272 "给妹妹打电话": the contact is found in Contacts and called from its card."""

    template = "call {who}"
    template_zh = "给{name}打电话"
    apps = ("phone", "contacts")
    tags = ("sast", "phonecall")
    complexity = 1.0
    optimal_steps = 3
    published = ({"lang": "zh", "name": "妹妹"},)
    packages = frozenset({dialer.PACKAGE, contacts.PACKAGE})
    check_point = {"package": [contacts.PACKAGE, dialer.PACKAGE], "activity": CALL_CHECKS["activity"],
                   "resource-id": "verb_call"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.permutations(range(len(PEOPLE))).flatmap(lambda order: cls.around(order[0], order[1:3]))

    @classmethod
    def published_parameters(cls, row: Any) -> st.SearchStrategy[dict[str, Any]]:
        who = next(i for i, p in enumerate(PEOPLE) if p[0] == row["name"])
        others = [i for i in range(len(PEOPLE)) if i != who]
        return cls.around(who, others[:2], st.just(row["lang"]))

    @staticmethod
    def around(who: int, others: Any, langs: st.SearchStrategy[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
        numbers = st.lists(st.from_regex(r"\A1[3-9][0-9]{9}\Z"), min_size=3, max_size=3, unique=True)
        return st.builds(lambda lg, nums: {
            "lang": lg, "name": PEOPLE[who][0], "who": PEOPLE[who][1], "number": nums[0],
            "contacts": [[PEOPLE[who][0], nums[0]]] + [[PEOPLE[o][0], n] for o, n in zip(others, nums[1:])]},
            lang() if langs is None else langs, numbers)

    def setup(self, device: Device) -> None:
        super().setup(device)
        clear_contacts(device)
        for name, number in self.params["contacts"]:
            add_contact(device, name, "", number)

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if called(device, self.params["number"]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Contacts")
        yield from ui.reach(text=self.params["name"])
        yield ui.click(rid="verb_call")
        yield ui.complete()


# -- notes -----------------------------------------------------------------------------------------------------

MEMOS = (("明天要和{person}开会", "meeting with {person} tomorrow"), ("周五前交报告", "hand in the report by Friday"),
         ("下班去买菜", "buy groceries after work"))
FRIENDS = (("小明", "Xiaoming"), ("李华", "Li Hua"), ("王芳", "Wang Fang"))


def memo() -> st.SearchStrategy[dict[str, str]]:
    return st.builds(lambda m, f: {"memo_zh": m[0].format(person=f[0]), "memo_en": m[1].format(person=f[1])},
                     st.sampled_from(MEMOS), st.sampled_from(FRIENDS))


def new_notes(device: Device, before: dict[str, str]) -> list[str]:
    """The texts of the notes added to Markor's notebook since ``before``."""
    added = changes(before, tree(device, markor.NOTEBOOK)).added
    return [device.read_file(posixpath.join(markor.NOTEBOOK, rel)).decode("utf-8", "replace") for rel in sorted(added)]


def write_note(ui: UI, name: str, text: str) -> Iterator[Action]:
    """Markor's "+" button, a file name, OK, the text typed into the editor, Save."""
    yield ui.open_app("Markor")
    yield ui.click(desc="Create a new file or folder")
    yield ui.tolerate(ui.type(name, rid="new_file_dialog__name"), "the request names no file: any name keeps the note",
                      "text:append", "text:drop", "text")
    yield ui.click(text="OK")
    yield ui.type(text, rid="document__fragment__edit__highlighting_editor")
    yield ui.click(desc="Save")


class MobileBenchTakeNote(MobileBenchTask):
    """Mobile-Bench 82 "帮我记一下明天要和小明开会": a new note whose text is the memo, in the query's language."""

    template = "take a note for me: {memo_en}"
    template_zh = "帮我记一下{memo_zh}"
    apps = ("markor",)
    tags = ("sast", "todoList")
    complexity = 1.2
    optimal_steps = 6
    packages = frozenset({markor.PACKAGE})
    published = ({"lang": "zh", "memo_zh": "明天要和小明开会", "memo_en": "meeting with Xiaoming tomorrow"},)
    check_point = {"package": markor.PACKAGE, "activity": markor.DOCUMENT_ACTIVITY,
                   "resource-id": "document__fragment__edit__highlighting_editor"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.tuples(lang(), memo()).map(lambda t: {"lang": t[0], **t[1]})

    @classmethod
    def published_parameters(cls, row: Any) -> st.SearchStrategy[dict[str, Any]]:
        return st.just(dict(row))

    @property
    def memo(self) -> str:
        return self.params["memo_zh" if self.params["lang"] == "zh" else "memo_en"]

    def setup(self, device: Device) -> None:
        device.shell(f"mkdir -p {markor.NOTEBOOK}")
        device.write_file(posixpath.join(markor.NOTEBOOK, "shopping.md"), b"milk, eggs\n")
        self.before = tree(device, markor.NOTEBOOK)

    def check(self, device: Device, answer: str | None = None) -> float:
        notes = new_notes(device, self.before)
        return 1.0 if len(notes) == 1 and notes[0].strip() == self.memo else 0.0

    def describe_state(self, device: Device) -> str:
        return f"new notes: {new_notes(device, self.before)}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from write_note(ui, "memo.md", self.memo)
        yield ui.complete()


# -- several steps in one app, several apps -------------------------------------------------------------------


class MobileBenchWifiAndBluetooth(MobileBenchTask):
    """Two switches in Settings in one request: wifi on and bluetooth off (or the other way)."""

    template = "turn {wifi} wifi and turn {bluetooth} bluetooth"
    template_zh = "{wifi}WIFI，再{bluetooth}蓝牙"
    apps = ("settings",)
    tags = ("samt", "mobileControl")
    complexity = 1.5
    optimal_steps = 9
    packages = frozenset({settings_app.PACKAGE})
    check_point = {"package": settings_app.PACKAGE, "activity": settings_app.SUB_SETTINGS,
                   "resource-id": "switch_widget", "text": ["Internet", "Bluetooth"]}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return with_lang({"wifi": st.sampled_from(["on", "off"]), "bluetooth": st.sampled_from(["on", "off"])})

    def setup(self, device: Device) -> None:
        device.shell(f"svc wifi {'disable' if self.params['wifi'] == 'on' else 'enable'}")
        device.shell(f"svc bluetooth {'disable' if self.params['bluetooth'] == 'on' else 'enable'}")

    def check(self, device: Device, answer: str | None = None) -> float:
        wifi = (device.settings_get("global", "wifi_on") or "0") != "0"
        bluetooth = (device.settings_get("global", "bluetooth_on") or "0") != "0"
        ok = wifi == (self.params["wifi"] == "on") and bluetooth == (self.params["bluetooth"] == "on")
        return 1.0 if ok else 0.0

    def describe_state(self, device: Device) -> str:
        return (f"wifi_on={device.settings_get('global', 'wifi_on')} "
                f"bluetooth_on={device.settings_get('global', 'bluetooth_on')}")

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_internet(ui)
        yield ui.click(rid="android:id/switch_widget")
        yield from open_bluetooth(ui)
        yield ui.click(rid="android:id/switch_widget")
        yield ui.complete()


class MobileBenchSilencePhone(MobileBenchTask):
    """Two changes on Settings' sound page in one request: media volume to zero and Do Not Disturb on
    (``global zen_mode`` not off, as the service keeps it)."""

    template = "mute the media volume and turn on do not disturb"
    template_zh = "把媒体音量调到零，再打开勿扰模式"
    apps = ("settings",)
    tags = ("samt", "mobileControl")
    complexity = 1.5
    optimal_steps = 7
    packages = frozenset({settings_app.PACKAGE})
    check_point = {"package": settings_app.PACKAGE, "activity": settings_app.SUB_SETTINGS,
                   "resource-id": zen_mode.TURN_ON_ID, "text": ["Sound & vibration", "Do Not Disturb"]}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return with_lang({"start": st.integers(3, 20)})

    def setup(self, device: Device) -> None:
        device.shell(zen_mode.set_dnd_command("off"))
        device.shell(audio.set_command("volume_music", self.params["start"]))

    def state(self, device: Device) -> tuple[int, str | None]:
        return (audio.parse_volume(device.shell(audio.get_command("volume_music"))),
                device.settings_get("global", zen_mode.KEY))

    def check(self, device: Device, answer: str | None = None) -> float:
        volume, zen = self.state(device)
        return 1.0 if volume == 0 and (zen or "0") != str(zen_mode.OFF) else 0.0

    def describe_state(self, device: Device) -> str:
        return "media volume, zen_mode = {}, {}".format(*self.state(device))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Sound & vibration")
        yield slide(ui, 0.0, desc="Media volume")
        yield from ui.reach(text="Do Not Disturb")
        yield from ui.reach(rid=zen_mode.TURN_ON_ID)
        yield ui.complete()


class MobileBenchQuietNight(MobileBenchTask):
    """Settings then Clock: turn wifi off for the night and set a one-time alarm for the morning."""

    template = "turn off wifi, then set an alarm for {hour}:{minutes:02d} tomorrow morning"
    template_zh = "关闭WIFI，然后定一个明天早上{hour}点{minutes:02d}分的闹钟"
    apps = ("settings", "clock")
    tags = ("mamt", "mobileControl", "alarm")
    complexity = 2.0
    optimal_steps = 10
    packages = frozenset({settings_app.PACKAGE, deskclock.PACKAGE})
    check_point = {"package": [settings_app.PACKAGE, deskclock.PACKAGE],
                   "activity": [settings_app.SUB_SETTINGS, deskclock.ACTIVITY],
                   "resource-id": ["switch_widget", "numberpicker_input"]}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return with_lang({"hour": st.integers(5, 9), "minutes": st.sampled_from([10, 20, 40, 50]),
                          "clock_24h": st.booleans()})

    def setup(self, device: Device) -> None:
        device.shell("svc wifi enable")
        clock.seed_alarms(device, [])
        device.settings_put("system", "time_12_24", "24" if self.params["clock_24h"] else "12")
        clock.select_tab(device, "Alarm")

    def check(self, device: Device, answer: str | None = None) -> float:
        wifi_off = (device.settings_get("global", "wifi_on") or "0") == "0"
        alarms = [(a.hour, a.minutes, a.enabled) for a in clock.alarms(device)]
        return 1.0 if wifi_off and alarms == [(self.params["hour"], self.params["minutes"], True)] else 0.0

    def describe_state(self, device: Device) -> str:
        return f"wifi_on={device.settings_get('global', 'wifi_on')} alarms={clock.alarms(device)}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_internet(ui)
        yield ui.click(rid="android:id/switch_widget")
        yield from open_tab(ui, "Alarm")
        yield from create_alarm(ui, self.params["hour"], self.params["minutes"], self.params["clock_24h"])
        yield ui.complete()


class MobileBenchCallFromNote(_Call):
    """Markor then Phone: call the number written in a note (the note names whom it belongs to)."""

    template = "call the number in my note {note}"
    template_zh = "打电话给我的笔记{note}里的号码"
    apps = ("markor", "phone")
    tags = ("mamt", "todoList", "phonecall")
    complexity = 2.0
    optimal_steps = 12
    packages = frozenset({markor.PACKAGE, dialer.PACKAGE})
    check_point = {"package": [markor.PACKAGE, dialer.PACKAGE],
                   "activity": ["&", markor.DOCUMENT_ACTIVITY, CALL_CHECKS["activity"]]}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        numbers = st.lists(st.from_regex(r"\A1[3-9][0-9]{9}\Z"), min_size=2, max_size=2, unique=True)
        return st.tuples(lang(), st.sampled_from(["plumber.md", "dentist.md", "landlord.md"]), numbers).map(
            lambda t: {"lang": t[0], "note": t[1], "number": t[2][0], "other": t[2][1]})

    def setup(self, device: Device) -> None:
        super().setup(device)
        device.shell(f"mkdir -p {markor.NOTEBOOK}")
        for name in ("plumber.md", "dentist.md", "landlord.md"):
            number = self.params["number"] if name == self.params["note"] else self.params["other"]
            device.write_file(posixpath.join(markor.NOTEBOOK, name), f"Phone: {number}\n".encode())

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if called(device, self.params["number"]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from ui.reading(lambda: ui.open_app("Markor"), lambda: ui.click(text=self.params["note"]))
        number = ui.element(contains="Phone: ")[1].text.split("Phone: ", 1)[1].split()[0]
        yield from dial_number(ui, number)
        yield ui.complete()


#: Notes of appointments: (file, what the event's title must name, the line the note holds before the time).
APPOINTMENTS = (("dentist.md", "Dentist", "Dentist appointment"), ("haircut.md", "Haircut", "Haircut at Tony's"),
                ("school.md", "Parents' evening", "Parents' evening at school"))


class MobileBenchReminderFromNote(MobileBenchTask):
    """Markor then Simple Calendar Pro: the note gives an appointment's date and hour; a new event then, titled
    with the note's word for it ("Dentist", in any case, with more words around it), with a reminder."""

    template = "add a calendar reminder for the appointment in my note {note}"
    template_zh = "看看笔记{note}里的预约，在日历里加个提醒"
    apps = ("markor", "simple calendar pro")
    tags = ("mamt", "todoList", "calendar")
    complexity = 2.0
    optimal_steps = 11
    packages = frozenset({markor.PACKAGE, calendar.PACKAGE})
    check_point = {"package": [markor.PACKAGE, calendar.PACKAGE],
                   "activity": ["&", markor.DOCUMENT_ACTIVITY, f"{calendar.PACKAGE}.activities.EventActivity"],
                   "resource-id": ["event_title", "save"]}
    tolerates = {"text:append": "a title that says more than the appointment still names it"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.builds(lambda lg, i, days, hour: {"lang": lg, "note": APPOINTMENTS[i][0], "days": days,
                                                    "hour": hour},
                         lang(), st.integers(0, len(APPOINTMENTS) - 1), st.integers(1, 5), st.integers(9, 17))

    @property
    def appointment(self) -> tuple[str, str, str]:
        return next(a for a in APPOINTMENTS if a[0] == self.params["note"])

    def setup(self, device: Device) -> None:
        self.today = device.now().date()
        day = self.today + dt.timedelta(days=self.params["days"])
        self.start = dt.datetime.combine(day, dt.time(self.params["hour"]), dt.timezone.utc)
        device.shell(f"mkdir -p {markor.NOTEBOOK}")
        for name, _, line in APPOINTMENTS:
            when = f"{self.start:%A, %B} {day.day} at {self.params['hour']}:00" if name == self.params["note"] \
                else "to be arranged"
            device.write_file(posixpath.join(markor.NOTEBOOK, name), f"{line}: {when}\n".encode())
        self.before = seed_events(device, [Event.at(day, 8, title="Breakfast meeting", reminder_1_minutes=10)])

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if reminded(device, self.before, self.start, self.appointment[1]) else 0.0

    def describe_state(self, device: Device) -> str:
        return "events: " + "; ".join(f"{e.title!r} {e.start:%m-%d %H:%M} reminder {e.reminder_1_minutes}"
                                      for e in list_events(device))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from ui.reading(lambda: ui.open_app("Markor"), lambda: ui.click(text=self.params["note"]))
        yield from add_event(ui, self.appointment[1], self.start, self.today)
        yield ui.complete()


class MobileBenchNoteCalculation(MobileBenchTask):
    """Calculator then Markor: work a sum out and keep it in a new note of that name; the note's last number must
    be the value (:func:`~suites.mobilebench.tasks_calculator.said_number`, whole numbers here). Only the note
    is judged (the CheckPoint shows whether the calculator was used)."""

    template = "work out {a} times {b} plus {c} on the calculator and save the result in a note named {name}"
    template_zh = "用计算器算一下{a}乘{b}加{c}，把结果记在名为{name}的笔记里"
    apps = ("calculator", "markor")
    tags = ("mamt", "arith", "todoList")
    complexity = 2.5
    optimal_steps = 16
    packages = frozenset({calculator.PACKAGE, markor.PACKAGE})
    check_point = {"package": [calculator.PACKAGE, markor.PACKAGE],
                   "activity": ["&", calculator.MAIN_ACTIVITY, markor.DOCUMENT_ACTIVITY],
                   "resource-id": [calculator.EQ, "document__fragment__edit__highlighting_editor"]}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return with_lang({"a": st.integers(10, 999), "b": st.integers(2, 99), "c": st.integers(1, 99),
                          "name": st.sampled_from(["total", "budget", "sum", "result"])})

    @property
    def value(self) -> int:
        return self.params["a"] * self.params["b"] + self.params["c"]

    def setup(self, device: Device) -> None:
        device.shell(f"mkdir -p {markor.NOTEBOOK}")
        device.write_file(posixpath.join(markor.NOTEBOOK, "shopping.md"), b"milk, eggs\n")
        self.before = tree(device, markor.NOTEBOOK)

    def check(self, device: Device, answer: str | None = None) -> float:
        added = changes(self.before, tree(device, markor.NOTEBOOK)).added
        named = [rel for rel in added if posixpath.splitext(posixpath.basename(rel))[0] == self.params["name"]]
        if len(added) != 1 or not named:
            return 0.0
        said = said_number(device.read_file(posixpath.join(markor.NOTEBOOK, named[0])).decode("utf-8", "replace"))
        return 1.0 if said is not None and said == str(self.value) else 0.0

    def describe_state(self, device: Device) -> str:
        return f"new notes: {new_notes(device, self.before)}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        p = self.params
        keys = [k for part in (str(p["a"]), "op_mul", str(p["b"]), "op_add", str(p["c"]))
                for k in ([part] if part.startswith("op_") else [calculator.DIGIT_IDS[d] for d in part])]
        yield from ui.reading(lambda: ui.open_app("Calculator"),
                              *(lambda k=k: ui.click(rid=k) for k in [*keys, calculator.EQ]))
        value = ui.element(rid=calculator.RESULT)[1].text
        yield from write_note(ui, f"{p['name']}.md", value)
        yield ui.complete()
