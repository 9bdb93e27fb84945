"""Clock, alarms and time questions (Mobile-Bench's ``alarm``, ``clock`` and ``Time`` domains) on the simulated
Clock: alarms judged on ``alarms.db``, questions on the answer against the device's clock.

Mobile-Bench's phones answered time questions on the MIUI voice assistant's card
(``com.miui.voiceassist:id/template_time_root_layout``); here the agent reads the Clock tab.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Mapping
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import deskclock
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import ANSWER_ONLY
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.walks import create_alarm, open_tab
from pytest_mobileagent.validators import deskclock as clock
from pytest_mobileagent.validators.answers import letter_glued
from pytest_mobileagent.validators.deskclock import AlarmRow
from suites.mobilebench.common import MobileBenchTask, lang

#: Chinese numerals of the hours a wake-up alarm is set for.
HOURS_ZH = {5: "五", 6: "六", 7: "七", 8: "八", 9: "九", 10: "十"}
#: Their minutes in Chinese. Drawn alarms avoid :00 (typed "0" for "00" is the same alarm: no near miss to catch);
#: the published row is at 8:00.
MINUTES_ZH = {0: "", 15: "十五分", 30: "半", 45: "四十五分"}
#: Alarms the user already has (one at the same hour but on the weekend, so the days matter).
NOISE = (AlarmRow(10, 7, 15, deskclock.WEEKEND, True, "Gym"), AlarmRow(11, 21, 0, 0, False))
CLOCK_IDS = {"package": deskclock.PACKAGE, "activity": deskclock.ACTIVITY}


class _Clock(MobileBenchTask):
    __abstract__ = True
    apps = ("clock",)
    packages = frozenset({deskclock.PACKAGE})

    def describe_state(self, device: Device) -> str:
        return f"alarms={clock.alarms(device)} now={device.now():%Y-%m-%d %H:%M}"


class MobileBenchWorkdayAlarm(_Clock):
    """Mobile-Bench 114 "工作日早上八点叫我起床": a new alarm, on, at the time, repeating Monday to Friday."""

    template = "wake me up at {hour}:{minutes:02d} in the morning on workdays"
    template_zh = "工作日早上{hour_zh}点{minutes_zh}叫我起床"
    tags = ("sast", "alarm")
    complexity = 1.5
    optimal_steps = 9
    published = ({"lang": "zh", "hour": 8, "minutes": 0},)
    check_point = {**CLOCK_IDS, "resource-id": "numberpicker_input",
                   "text": ["&", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return cls.around(st.sampled_from(sorted(HOURS_ZH)), st.sampled_from([15, 30, 45]))

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return cls.around(st.just(row["hour"]), st.just(row["minutes"]), st.just(row["lang"]))

    @staticmethod
    def around(hours: st.SearchStrategy[int], minutes: st.SearchStrategy[int],
               langs: st.SearchStrategy[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
        return st.builds(lambda h, m, lg, h24: {"lang": lg, "hour": h, "minutes": m, "hour_zh": HOURS_ZH[h],
                                                "minutes_zh": MINUTES_ZH[m], "clock_24h": h24},
                         hours, minutes, lang() if langs is None else langs, st.booleans())

    def setup(self, device: Device) -> None:
        clock.seed_alarms(device, list(NOISE))
        device.settings_put("system", "time_12_24", "24" if self.params["clock_24h"] else "12")
        clock.select_tab(device, "Alarm")

    def check(self, device: Device, answer: str | None = None) -> float:
        p = self.params
        new = [a for a in clock.alarms(device) if a not in NOISE]
        made = any((a.hour, a.minutes, a.days, a.enabled) == (p["hour"], p["minutes"], deskclock.WEEKDAYS, True)
                   for a in new)
        return 1.0 if made and clock.unchanged(device, list(NOISE)) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        p = self.params
        yield from open_tab(ui, "Alarm")
        yield from create_alarm(ui, p["hour"], p["minutes"], p["clock_24h"])
        for day, bit in deskclock.DAY_BITS.items():
            if deskclock.WEEKDAYS & bit:
                yield from ui.scroll_to(desc=day)
                yield ui.click(desc=day)
        yield ui.complete()


def moment() -> st.SearchStrategy[dt.datetime]:
    """A time of day on some day of 2023-2024 (the device's clock is set to it)."""
    return st.builds(lambda day, minute: dt.datetime(2023, 1, 1, tzinfo=dt.timezone.utc)
                     + dt.timedelta(days=day, minutes=minute),
                     st.integers(0, 700), st.integers(6 * 60, 22 * 60))


class _Question(_Clock):
    """A question the device's clock answers: setup sets the clock, the check reads the answer."""

    __abstract__ = True
    answer_required = True
    tolerates = ANSWER_ONLY
    complexity = 0.5
    optimal_steps = 3
    check_point = {**CLOCK_IDS, "text": "Clock"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"lang": lang(), "now": moment().map(dt.datetime.isoformat),
                                      "clock_24h": st.booleans()})

    def setup(self, device: Device) -> None:
        device.set_time(dt.datetime.fromisoformat(self.params["now"]))
        device.settings_put("system", "time_12_24", "24" if self.params["clock_24h"] else "12")
        clock.select_tab(device, "Alarm")

    def read(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Clock")


TIME = re.compile(r"(上午|下午|晚上)?\s*(\d{1,2})[:：](\d{2})\s*([AaPp][Mm])?")


def said_time(answer: str) -> int | None:
    """Minutes since midnight of the one time ``answer`` says (``15:34``, ``3:34 PM``, ``下午3:34``), else None."""
    found = TIME.findall(answer)
    if len(found) != 1:
        return None
    zh, hour, minute, ampm = found[0]
    h, m = int(hour), int(minute)
    if h > 23 or m > 59:
        return None
    if (ampm.lower() == "pm" or zh in ("下午", "晚上")) and h < 12:
        h += 12
    elif (ampm.lower() == "am" or zh == "上午") and h == 12:
        h = 0
    return h * 60 + m


class MobileBenchWhatTimeIsIt(_Question):
    """Mobile-Bench 169 "现在几点": the answer is the device's time (within two minutes: the clock moves)."""

    template = "what time is it now"
    template_zh = "现在几点"
    tags = ("sast", "clock", "answer")
    published = ({"lang": "zh"},)
    tolerates = {**ANSWER_ONLY,
                 "answer:last_digit": "the last number of the time is its minutes: one minute on is within the two "
                 "minutes the check allows, as the clock moves while the agent answers",
                 "answer:append": "a stray letter after the time (after its AM/PM or 下午 form, as the Clock shows it) "
                 "leaves the hour and minute it tells unchanged"}

    def check(self, device: Device, answer: str | None = None) -> float:
        said, now = said_time(answer or ""), device.now()
        if said is None:
            return 0.0
        return 1.0 if abs(said - (now.hour * 60 + now.minute)) % (24 * 60) <= 2 else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.read(ui)
        yield ui.answer(ui.element(rid="digital_clock")[1].text)


MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def said_date(answer: str) -> tuple[int | None, int] | None:
    """(month or None, day) of the one date ``answer`` says: ``Oct 15``, ``October 15``, ``10月15日``, ``15``; None
    where a letter is glued to it (``Oct 15x``, ``10月15日x``)."""
    text = answer.lower()
    if letter_glued(text) or re.search(r"[\u4e00-\u9fff][a-z]", text):  # "Oct 15x", "10月15日x" ("15th" is fine)
        return None
    months = [i + 1 for i, name in enumerate(MONTHS) if re.search(rf"\b{name}", text)]
    numbers = [int(n) for n in re.findall(r"\d+", text)]
    if len(months) > 1:
        return None
    if months and len(numbers) == 1:
        return months[0], numbers[0]
    if not months and len(numbers) == 2 and "月" in text:
        return numbers[0], numbers[1]
    if not months and len(numbers) == 1:
        return None, numbers[0]
    return None


class MobileBenchWhatDateIsIt(_Question):
    """Mobile-Bench 106 "今天是几号": the answer is today's day of the month (and month, where it says one)."""

    template = "what is the date today"
    template_zh = "今天是几号"
    tags = ("sast", "Time", "answer")
    published = ({"lang": "zh"},)

    def check(self, device: Device, answer: str | None = None) -> float:
        said, today = said_date(answer or ""), device.now().date()
        if said is None:
            return 0.0
        month, day = said
        return 1.0 if day == today.day and month in (None, today.month) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.read(ui)
        shown = ui.element(rid="date")[1].text  # "Sun, Oct 15"
        yield ui.answer(shown.split(", ", 1)[-1])


#: Days of a weekly alarm: (Chinese, English as the Clock's day buttons say it).
WEEKDAYS_ZH = {"Monday": "周一", "Tuesday": "周二", "Wednesday": "周三", "Thursday": "周四", "Friday": "周五",
               "Saturday": "周六", "Sunday": "周日"}
#: Alarm labels: (Chinese, English).
LABELS = (("游泳", "Swimming"), ("吃药", "Medicine"), ("倒垃圾", "Trash day"), ("练琴", "Piano practice"))


class MobileBenchLabeledAlarm(_Clock):
    """Several steps in Clock: a new alarm at the time, repeating on the one day, labelled, on; the user's other
    alarms unchanged. The label counts up to case and spacing."""

    template = 'set an alarm for {hour}:{minutes:02d} every {day}, labelled "{label_en}"'
    template_zh = "设置每{day_zh}{hour}点{minutes:02d}分的闹钟，标签是“{label_zh}”"
    tags = ("samt", "alarm")
    complexity = 2.0
    optimal_steps = 12
    check_point = {**CLOCK_IDS, "resource-id": ["numberpicker_input", "edit_label"], "text": "Add label"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.builds(lambda lg, h, m, day, label, h24: {
            "lang": lg, "hour": h, "minutes": m, "day": day, "day_zh": WEEKDAYS_ZH[day], "label_zh": label[0],
            "label_en": label[1], "clock_24h": h24},
            lang(), st.integers(6, 21), st.sampled_from([5, 20, 35, 50]), st.sampled_from(list(WEEKDAYS_ZH)),
            st.sampled_from(LABELS), st.booleans())

    @property
    def label(self) -> str:
        return self.params["label_zh" if self.params["lang"] == "zh" else "label_en"]

    def setup(self, device: Device) -> None:
        clock.seed_alarms(device, list(NOISE))
        device.settings_put("system", "time_12_24", "24" if self.params["clock_24h"] else "12")
        clock.select_tab(device, "Alarm")

    def check(self, device: Device, answer: str | None = None) -> float:
        p = self.params
        want = (p["hour"], p["minutes"], deskclock.DAY_BITS[p["day"]], True, self.label.casefold())
        made = any((a.hour, a.minutes, a.days, a.enabled, " ".join(a.label.split()).casefold()) == want
                   for a in clock.alarms(device) if a not in NOISE)
        return 1.0 if made and clock.unchanged(device, list(NOISE)) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        p = self.params
        yield from open_tab(ui, "Alarm")
        yield from create_alarm(ui, p["hour"], p["minutes"], p["clock_24h"])
        yield from ui.scroll_to(desc=p["day"])
        yield ui.click(desc=p["day"])
        yield from ui.scroll_to(text="Add label")
        yield ui.click(text="Add label")
        yield ui.type(self.label, hint="Label")
        yield ui.click(rid="android:id/button1")
        yield ui.complete()
