"""Where each id, activity and label of a simulated app comes from: public evidence of the real app, or none.

A contract module ``android/<app>.py`` declares

* ``APP_VERSION``: the version of the real app the simulated one follows (the one a benchmark ran, where known),
  a string such as ``"11.102 (AndroidArena, 2024)"``;
* ``EVIDENCE``: a mapping from :func:`key` (``"id:search_omnibox_edit_text"``, ``"activity:<class>"``,
  ``"desc:Start location"``, ``"text:Search here"``) to a :class:`Source` that shows it on the real app, or to
  :class:`Unconfirmed` (:data:`UNCONFIRMED`) where no public evidence either way was found.

Keys of kind ``id`` are resource entry names of the app's own package (``title``), or full resource ids of another
package (``android:id/title``, ``com.google.android.gms:id/...``) as the simulator's views name them; ``activity``
keys are fully qualified class names. ``icon`` keys name an icon-only view by its content description (or, without
one, its resource entry name) and cite the real layout or menu file that names the drawable it shows; the
simulator draws that drawable's Material Symbols pictogram (:mod:`mobileagent_sim.render.icons`).
:func:`summary` counts an app's table; ``ma-evidence`` prints every app's.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType

KINDS = ("id", "activity", "desc", "text", "icon")


@dataclass(frozen=True)
class Source:
    """Public evidence of the real app: a file of a public repository, or a recorded dump of a given app version.

    ``repo`` is ``owner/name`` on GitHub and ``path`` the file in it (a trajectory, a script, a test, an evaluator's
    configuration); ``app_version`` names the real app's version a recorded dump was taken from, where known;
    ``note`` says where in the file, or anything a reader needs (``"xpath of step 3"``).
    """

    repo: str = ""
    path: str = ""
    app_version: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        if not (self.repo and self.path) and not self.app_version:
            raise ValueError("a Source names a repository and path, or the app version of a recorded dump")

    def __str__(self) -> str:
        where = f"{self.repo}:{self.path}" if self.repo else f"dump of version {self.app_version}"
        if self.repo and self.app_version:
            where += f" (version {self.app_version})"
        return f"{where}: {self.note}" if self.note else where


@dataclass(frozen=True)
class Unconfirmed:
    """No public evidence of the real app either way (a plausible guess); ``note`` says what it was based on."""

    note: str = ""

    def __str__(self) -> str:
        return f"unconfirmed: {self.note}" if self.note else "unconfirmed"


UNCONFIRMED = Unconfirmed()
Evidence = Mapping[str, "Source | Unconfirmed"]


def key(kind: str, value: str) -> str:
    """The ``EVIDENCE`` key of an id, activity, content description or visible text."""
    if kind not in KINDS:
        raise ValueError(f"unknown evidence kind {kind!r}: one of {', '.join(KINDS)}")
    return f"{kind}:{value}"


def entries(kind: str, values: Iterable[str], source: Source | Unconfirmed) -> dict[str, Source | Unconfirmed]:
    """Entries of one kind sharing one source: ``**entries("id", ("title", "subtitle"), UNCONFIRMED)``."""
    return {key(kind, v): source for v in values}


def icon_entries(sources: Mapping[str, Source | Unconfirmed]) -> dict[str, Source | Unconfirmed]:
    """``icon:`` entries from a table of icon-only views (by description, or entry name) and their sources."""
    return {key("icon", view): source for view, source in sources.items()}


AOSP_BASE = "aosp-mirror/platform_frameworks_base"


def _aosp(path: str, note: str = "") -> Source:
    return Source(AOSP_BASE, path, note=note)


#: Framework ids (``android:id/...``) the simulator's shared widgets show inside apps' windows, with the AOSP layout
#: or class that defines them. A contract module spreads the ones its screens show: ``**framework("title", ...)``.
FRAMEWORK: dict[str, Source] = {
    "content": _aosp("core/java/android/view/Window.java", "ID_ANDROID_CONTENT, the root of an activity's views"),
    **{i: _aosp("core/res/res/layout/alert_dialog_material.xml", "AlertDialog's layout")
       for i in ("parentPanel", "alertTitle", "message", "buttonPanel", "button1", "button2", "button3")},
    **{i: _aosp("core/res/res/layout/preference_material.xml", "a Preference row")
       for i in ("title", "summary")},
    "switch_widget": _aosp("core/res/res/layout/preference_widget_switch.xml", "a SwitchPreference's widget"),
    "seekbar": _aosp("core/res/res/layout/preference_widget_seekbar_material.xml", "a SeekBarPreference"),
    "list": _aosp("core/res/res/layout/preference_list_content.xml", "a PreferenceFragment's list"),
    "text1": _aosp("core/res/res/layout/simple_list_item_1.xml", "android.R.layout.simple_list_item_1"),
    "select_dialog_listview": _aosp("core/res/res/layout/select_dialog_material.xml", "an AlertDialog's item list"),
    **{i: _aosp("core/res/res/layout/resolver_list.xml", "the app chooser (ResolverActivity)")
       for i in ("button_always", "button_once")},
    "timePicker": _aosp("core/res/res/layout/time_picker_dialog.xml", "TimePickerDialog"),
    **{i: _aosp("core/res/res/layout/time_picker_legacy_material.xml", "TimePicker's spinner mode")
       for i in ("hour", "minute", "amPm", "divider")},
    "numberpicker_input": _aosp("core/res/res/layout/number_picker_material.xml", "NumberPicker's text field"),
    "search_src_text": _aosp("core/res/res/layout/search_view.xml", "SearchView's text field"),
    "action_bar": _aosp("core/res/res/layout/screen_action_bar.xml", "the framework ActionBar (getActionBar())"),
    "floating_toolbar_menu_item_text": _aosp("core/res/res/layout/floating_popup_menu_item_layout.xml",
                                             "the text selection toolbar's items (Cut, Copy, Paste)"),
    "datePicker": _aosp("core/res/res/layout/date_picker_dialog.xml", "DatePickerDialog"),
    **{i: _aosp("core/res/res/layout/date_picker_legacy.xml", "DatePicker's spinner mode")
       for i in ("day", "month", "year")},
}


#: The framework's own icons of views its toolbars draw (``icon:<desc>`` keys): the ActionBar's up arrow and its
#: overflow button (``Widget.Material.ActionButton.Overflow``).
FRAMEWORK_ICONS: dict[str, Source] = {
    "Navigate up": _aosp("core/res/res/drawable/ic_ab_back_material.xml", "ic_ab_back_material (arrow_back)"),
    "More options": _aosp("core/res/res/drawable/ic_menu_moreoverflow_material.xml",
                          "ic_menu_moreoverflow_material (more_vert)"),
}


def framework_icons(*descs: str) -> dict[str, Source]:
    """``EVIDENCE`` entries of the framework's toolbar icons (``icon:<desc>``) from :data:`FRAMEWORK_ICONS`."""
    return {key("icon", d): FRAMEWORK_ICONS[d] for d in descs}


def framework(*names: str) -> dict[str, Source]:
    """``EVIDENCE`` entries of framework ids (``id:android:id/<name>``) from :data:`FRAMEWORK`."""
    return {key("id", f"android:id/{n}"): FRAMEWORK[n] for n in names}


def kind_of(entry_key: str) -> str:
    return entry_key.split(":", 1)[0]


def value_of(entry_key: str) -> str:
    return entry_key.split(":", 1)[1]


@dataclass(frozen=True)
class AppEvidence:
    """One contract module's evidence table, counted."""

    module: str
    package: str
    version: str
    confirmed: int
    unconfirmed: tuple[str, ...]
    #: Of the resource ids and activities alone (no descriptions or texts): confirmed, and all.
    ids_confirmed: int = 0
    ids_total: int = 0

    @property
    def total(self) -> int:
        return self.confirmed + len(self.unconfirmed)

    @property
    def share(self) -> float:
        return self.confirmed / self.total if self.total else 0.0


def summary(module: ModuleType) -> AppEvidence:
    """The counts of a contract module's ``EVIDENCE`` (every kind), with the unconfirmed keys in table order."""
    table: Evidence = module.EVIDENCE
    bad = [k for k, v in table.items() if kind_of(k) not in KINDS or not isinstance(v, Source | Unconfirmed)]
    if bad:
        raise ValueError(f"{module.__name__}.EVIDENCE: malformed entries {bad[:5]}")
    unconfirmed = tuple(k for k, v in table.items() if isinstance(v, Unconfirmed))
    ids = [v for k, v in table.items() if kind_of(k) in ("id", "activity")]
    return AppEvidence(module.__name__.rsplit(".", 1)[-1], module.PACKAGE, getattr(module, "APP_VERSION", "?"),
                       len(table) - len(unconfirmed), unconfirmed,
                       sum(isinstance(v, Source) for v in ids), len(ids))


def contract_modules() -> list[ModuleType]:
    """Every contract module of :mod:`pytest_mobileagent.android` that declares ``EVIDENCE``, by name."""
    import pytest_mobileagent.android as pkg

    found = []
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{pkg.__name__}.{info.name}")
        if hasattr(module, "EVIDENCE"):
            found.append(module)
    return found


def format_table(rows: Sequence[AppEvidence], verbose: bool = False, modules: Mapping[str, ModuleType] = {}) -> str:
    """The ``ma-evidence`` report: one line per app, and with ``verbose`` its unconfirmed keys (with their notes)."""
    lines = [f"{'app':<20} {'package':<40} {'confirmed':>9} {'unconf.':>7} {'total':>5} {'share':>6} "
             f"{'ids+act.':>9}  version"]
    for r in rows:
        lines.append(f"{r.module:<20} {r.package:<40} {r.confirmed:>9} {len(r.unconfirmed):>7} {r.total:>5} "
                     f"{r.share:>6.1%} {f'{r.ids_confirmed}/{r.ids_total}':>9}  {r.version}")
        if verbose and r.unconfirmed:
            table: Evidence = modules[r.module].EVIDENCE if r.module in modules else {}
            for k in r.unconfirmed:
                note = str(table.get(k, UNCONFIRMED)).removeprefix("unconfirmed").removeprefix(": ")
                lines.append(f"    {k}" + (f"  ({note})" if note else ""))
    confirmed = sum(r.confirmed for r in rows)
    total = sum(r.total for r in rows)
    ids = f"{sum(r.ids_confirmed for r in rows)}/{sum(r.ids_total for r in rows)}"
    lines.append(f"{'all':<20} {'':<40} {confirmed:>9} {total - confirmed:>7} {total:>5} "
                 f"{(confirmed / total if total else 0):>6.1%} {ids:>9}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``ma-evidence [--verbose] [APP...]``: per app, the version followed and its confirmed / unconfirmed counts."""
    parser = argparse.ArgumentParser(prog="ma-evidence", description=main.__doc__)
    parser.add_argument("apps", nargs="*", help="contract module names (maps, drive...); default: every app")
    parser.add_argument("-v", "--verbose", action="store_true", help="list each app's unconfirmed entries")
    args = parser.parse_args(argv)
    modules = {m.__name__.rsplit(".", 1)[-1]: m for m in contract_modules()}
    unknown = [a for a in args.apps if a not in modules]
    if unknown:
        parser.error(f"no evidence table for {', '.join(unknown)}; known: {', '.join(modules)}")
    chosen = [modules[a] for a in args.apps] if args.apps else list(modules.values())
    print(format_table([summary(m) for m in chosen], args.verbose, modules))
    return 0


if __name__ == "__main__":
    # run as ``python -m``: use the imported module, whose Source the contract modules' tables hold
    from pytest_mobileagent.android.evidence import main as _main

    sys.exit(_main())
