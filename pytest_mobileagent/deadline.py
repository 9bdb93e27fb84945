"""A wall-clock limit on one episode (``--ma-episode-timeout``), and an account of whose time it was.

The episode marks the agent's own code (:meth:`Deadline.agent`); the model client marks its requests
(:func:`waiting_on_model`); everything else (setup, device requests, the check) is the device's. When the limit
passes, the code running is interrupted where Python allows it (``SIGALRM`` in the main thread, as
pytest-timeout's signal method does; xdist runs items in its workers' main threads), and otherwise the episode
ends at its next step. :meth:`Deadline.cause` then says who had the time: the agent when its own thinking took
more than half of it, the endpoint when a model request was in flight, the device otherwise.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any


class DeadlinePassed(BaseException):
    """Raised into the running code when the limit passes.

    A ``BaseException``, so that the ``except Exception`` of an agent, a device client or a retry loop does not
    swallow it; the episode turns it into an agent failure or an infrastructure error."""


@dataclass
class Deadline:
    """The limit on one episode attempt; ``seconds`` of None or 0 means none."""

    seconds: float | None
    started: float = field(default_factory=time.monotonic)
    agent_s: float = 0.0  # in the agent's own code, model requests included
    model_s: float = 0.0  # of which waiting on model requests
    _since: dict[str, float] = field(default_factory=dict)
    _alarm: bool = False
    _in_model: bool = False  # a model request was in flight when the limit passed

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    @property
    def expired(self) -> bool:
        return bool(self.seconds) and self.elapsed >= self.seconds  # type: ignore[operator]

    @contextmanager
    def agent(self) -> Iterator[None]:
        """Time spent here is the agent's (its reset and steps)."""
        with self._timing("agent"):
            yield

    @contextmanager
    def model(self) -> Iterator[None]:
        """Time spent here is a model request the agent made."""
        with self._timing("model"):
            yield

    @contextmanager
    def _timing(self, what: str) -> Iterator[None]:
        self._since[what] = time.monotonic()
        try:
            yield
        finally:
            spent = time.monotonic() - self._since.pop(what)
            if what == "agent":
                self.agent_s += spent
            else:
                self.model_s += spent

    def _so_far(self, what: str) -> float:
        """Seconds spent in ``what`` (``agent`` or ``model``), the span still running included."""
        done = self.agent_s if what == "agent" else self.model_s
        return done + (time.monotonic() - self._since[what] if what in self._since else 0.0)

    def cause(self) -> str:
        """Who had the time when the limit passed: ``agent``, ``endpoint`` or ``device``."""
        if self._in_model or "model" in self._since:
            return "endpoint"
        return "agent" if self._so_far("agent") > self.elapsed / 2 else "device"

    def spent(self) -> dict[str, Any]:
        """The limit and the time by whom, for the episode's record."""
        agent, model = self._so_far("agent"), self._so_far("model")
        return {"limit_s": self.seconds, "elapsed_s": round(self.elapsed, 3), "agent_s": round(agent - model, 3),
                "model_s": round(model, 3), "device_s": round(self.elapsed - agent, 3), "cause": self.cause()}

    def disarm(self) -> None:
        """No interruption from here on (the limit has been dealt with)."""
        if self._alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)

    @contextmanager
    def armed(self) -> Iterator[Deadline]:
        """Make this the current deadline and, in the main thread, interrupt whatever runs when it passes.

        A timer set before (pytest-timeout's) still fires on time, and is put back on the way out, less the time
        spent here."""
        previous_current = getattr(_current, "deadline", None)
        _current.deadline = self
        alarm = self._alarm = bool(self.seconds) and hasattr(signal, "setitimer") and \
            threading.current_thread() is threading.main_thread()
        if alarm:
            seconds = float(self.seconds)  # type: ignore[arg-type]
            old_handler = signal.getsignal(signal.SIGALRM)
            old_timer, _ = signal.getitimer(signal.ITIMER_REAL)
            outer_first = 0 < old_timer < seconds

            def passed(signum: int, frame: Any) -> None:
                nonlocal outer_first
                if outer_first and callable(old_handler):  # the earlier timer's turn (pytest-timeout fails its way)
                    outer_first = False
                    signal.setitimer(signal.ITIMER_REAL, max(seconds - self.elapsed, 0.001))
                    old_handler(signum, frame)
                    return
                self._in_model = "model" in self._since  # before unwinding ends the request's timing
                raise DeadlinePassed(f"episode limit of {seconds:g} s passed")

            signal.signal(signal.SIGALRM, passed)
            signal.setitimer(signal.ITIMER_REAL, old_timer if outer_first else seconds)
        try:
            yield self
        finally:
            if alarm:
                self.disarm()
                self._alarm = False
                signal.signal(signal.SIGALRM, old_handler)
                if old_timer:
                    signal.setitimer(signal.ITIMER_REAL, max(old_timer - self.elapsed, 0.001))
            _current.deadline = previous_current


_current = threading.local()


@contextmanager
def waiting_on_model() -> Iterator[None]:
    """Mark a model request in flight, so that a limit passing now is blamed on the endpoint, not the agent."""
    deadline: Deadline | None = getattr(_current, "deadline", None)
    if deadline is None:
        yield
        return
    with deadline.model():
        yield
