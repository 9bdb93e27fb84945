"""B-MoCA's Phone tasks, with step limits from its task files (complexity = step_limit / 10).

The calls are judged as B-MoCA judges them, by the ``Telecom`` logcat lines
(``LogUtils ... EventRecord added as Call``, ``Emergency number detected``,
``InCallController ... onCallRemoved``) printed after setup; ending a call
must also leave telephony idle. Emergency calls are not in the call log on a
real phone (carrier config), so the log is never the evidence for "call 911".
"Open the phone app" reads the foreground package. Each task seeds a call log
that must come through untouched, and teardown hangs up whatever is still
ringing or active.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.dialer import PACKAGE as DIALER
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.people import formatted, nanp_digits
from pytest_mobileagent.validators.contacts import clean_number
from pytest_mobileagent.validators.state import logcat_matches
from pytest_mobileagent.validators.telephony import (
    add_call,
    call,
    call_log,
    call_state,
    clear_call_log,
    dial,
    end_call_if_active,
)

CALL_ADDED = r"^(.*?)LogUtils(.*?)EventRecord added as Call"
EMERGENCY = r"^(.*?)Emergency number detected"
CALL_REMOVED = r"^(.*?)InCallController(.*?)onCallRemoved"


@st.composite
def past_calls(draw: Any, max_size: int = 6) -> list[dict[str, Any]]:
    """Earlier calls in the log: number, type (incoming, outgoing, missed), minutes ago, seconds long."""
    n = draw(st.integers(1, max_size))
    numbers = draw(st.lists(nanp_digits(), min_size=n, max_size=n))
    return [{"number": formatted(num, draw(st.integers(0, 3))), "type": draw(st.sampled_from((1, 2, 3))),
             "minutes_ago": draw(st.integers(5, 20_000)), "duration": draw(st.integers(0, 1800))}
            for num in numbers]


class _PhoneTask(Task):
    """No call in progress, the seeded call log, the home screen, and logcat from here on."""

    __abstract__ = True
    apps = ("phone",)
    difficulty = "easy"

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"calls": past_calls()})

    def setup(self, device: Device) -> None:
        end_call_if_active(device)
        clear_call_log(device)
        now_ms = int(device.now().timestamp() * 1000)
        for c in sorted(self.params["calls"], key=lambda c: -c["minutes_ago"]):
            duration = 0 if c["type"] == 3 else c["duration"]
            add_call(device, c["number"], c["type"], now_ms - c["minutes_ago"] * 60_000, duration)
        device.press("home")
        self.prepare(device)
        device.shell("logcat -c")

    def prepare(self, device: Device) -> None:
        """What the task sets up after the reset and before logcat starts counting."""

    def teardown(self, device: Device) -> None:
        end_call_if_active(device)

    def log_untouched(self, device: Device) -> bool:
        """Every seeded call is still in the log (calls the agent placed may have been added)."""
        left = Counter(clean_number(c["number"]) for c in self.params["calls"])
        left.subtract(clean_number(c["number"]) for c in call_log(device))
        return all(n <= 0 for n in left.values())


class PhoneOpenApp(_PhoneTask):
    template = "open the phone app"
    complexity = 0.4
    optimal_steps = 1

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if device.current_activity()[0] == DIALER and self.log_untouched(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Phone")
        yield ui.complete()


class PhonePressCallButton(_PhoneTask):
    """The number is already on the dial pad (``ACTION_DIAL``); the agent has to press call."""

    template = "press the call button in dial"
    complexity = 0.5
    optimal_steps = 1

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"number": nanp_digits(), "calls": past_calls()})

    def prepare(self, device: Device) -> None:
        dial(device, self.params["number"])

    def check(self, device: Device, answer: str | None = None) -> float:
        placed = logcat_matches(device, CALL_ADDED, tag="Telecom")
        return 1.0 if placed and self.log_untouched(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.click(desc="dial")
        yield ui.complete()


class PhoneCall911(_PhoneTask):
    template = "call 911"
    complexity = 0.9
    optimal_steps = 6

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if logcat_matches(device, EMERGENCY, tag="Telecom") and self.log_untouched(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Phone")
        yield ui.click(desc="key pad")
        for key in ("nine", "one", "one"):
            yield ui.click(rid=key)
        yield ui.click(desc="dial")
        yield ui.complete()


class PhoneEndCall(_PhoneTask):
    """A call is in progress, on screen or (after HOME) in the background; the agent hangs up."""

    template = "turn off the call in process"
    complexity = 1.0
    optimal_steps = 2

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"number": nanp_digits(), "in_background": st.booleans(),
                                      "calls": past_calls()})

    def prepare(self, device: Device) -> None:
        call(device, self.params["number"])
        if self.params["in_background"]:
            device.press("home")

    def check(self, device: Device, answer: str | None = None) -> float:
        removed = logcat_matches(device, CALL_REMOVED, tag="Telecom")
        idle = call_state(device) == "IDLE"
        return 1.0 if removed and idle and self.log_untouched(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        if self.params["in_background"]:
            yield ui.open_app("Phone")  # the dialer's task comes back with the call on top
        yield ui.click(desc="End call")
        yield ui.complete()
