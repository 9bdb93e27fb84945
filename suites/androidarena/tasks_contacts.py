"""AndroidArena's Google Contacts tasks (``contacts.yaml``) and the constrained ones about contacts (16, 17, 29 of
``constrain.yaml``).

Every task starts from the same phone book (:data:`BOOK`) and, where the instruction names someone ("John"), that
person (one of :data:`SUBJECTS`, "John Smith" in the published wording). Everything is read from the contacts
provider as on a device (``content query`` of ``raw_contacts``, ``data`` and ``groups``: labels are groups), from
Contacts' preferences (the sort order, root) and from the exported file in Download.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.contacts import EXPORT_DIR, MAIN_ACTIVITY, SORT_BY_FIRST, SORT_BY_LAST
from pytest_mobileagent.android.ui_tree import ui_elements
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.mutations import PHONE_FIELD
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators import contacts as book
from suites.androidarena.common import ArenaTask

#: (first, last, phone, email) of everyone on the phone.
BOOK = (("Alice", "Chen", "555-010-1001", "alice@example.com"), ("Bob", "Miller", "555-010-1002", ""),
        ("Emma", "Stone", "555-010-1005", ""), ("Liam", "Brown", "555-010-1006", "liam@example.com"))
#: The people the instructions name, one seeded per task.
SUBJECTS = (("John", "Smith", "555-010-2000", "john@example.com"), ("Maria", "Garcia", "555-010-2001", ""),
            ("Omar", "Haddad", "555-010-2002", "omar@example.com"))
LABELS = ("colleague", "gym", "neighbors", "book club")
#: A label that is there from the start and must stay.
OTHER_LABEL = "family"
REVIEW = ('Do not click the "Confirm"-like button, and the filled information must be reviewed by me before '
          "confirming.")
#: The confirm-like button: a dialog's positive button (``android:id/button1``: "OK", "Delete"...).
CONFIRM = (r'id="button1"',)
QUICK_CONTACT = "com.android.contacts.quickcontact.QuickContactActivity"


def subject(first: str) -> tuple[str, str, str, str]:
    return next(p for p in (*SUBJECTS, *BOOK) if p[0] == first)


def full(first: str) -> str:
    return " ".join(subject(first)[:2])


def seed(device: Device, *people: tuple[str, str, str, str]) -> None:
    """An empty provider, then :data:`BOOK` and ``people``."""
    book.clear_contacts(device)
    for first, last, phone, email in (*BOOK, *people):
        book.add_contact(device, first, last, phone, email=email)
    device.press("home")


def names(device: Device) -> list[str]:
    return sorted(r["display_name"] for r in book.raw_contacts(device))


def expected(*people: tuple[str, str, str, str]) -> list[str]:
    return sorted(f"{p[0]} {p[1]}" for p in (*BOOK, *people))


def on_screen(device: Device) -> list[Any]:
    return ui_elements(device.hierarchy())


def open_drawer(ui: UI, item: str) -> Iterator[Action]:
    yield ui.open_app("Contacts")
    yield ui.click(desc="Open navigation drawer")
    yield ui.click(text=item)


class _ContactsTask(ArenaTask):
    """Seeds the phone book and the named person (``first``, drawn from :data:`SUBJECTS`, "John" published)."""

    __abstract__ = True
    apps = ("contacts",)
    published: tuple[Mapping[str, Any], ...] = ({"first": "John"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"first": st.sampled_from([s[0] for s in SUBJECTS])})

    @property
    def person(self) -> tuple[str, str, str, str]:
        return subject(self.params["first"])

    def setup(self, device: Device) -> None:
        seed(device, self.person)

    def intact(self, device: Device) -> bool:
        return names(device) == expected(self.person)

    def raw_id(self, device: Device) -> int | None:
        found = book.raw_ids_named(device, full(self.params["first"]))
        return found[0] if len(found) == 1 else None


class ContactsCreateContact(_ContactsTask):
    """Checks the provider: one new contact with the first and last name, the phone number (digits) and the
    email, the others untouched."""

    template = ('Create a new contact with the first name "{first}", last name "{last}", email address "{email}", '
                'and phone number "{phone}" in Google Contacts.')
    published = ({"first": "John", "last": "Smith", "email": "john@example.com", "phone": "010-123456"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        def build(first: str, last: str, line: int) -> dict[str, Any]:
            return {"first": first, "last": last, "email": f"{first.lower()}.{last.lower()}@example.com",
                    "phone": f"010-{line:06d}"}
        return st.builds(build, st.sampled_from(["John", "Maria", "Omar", "Nina"]),
                         st.sampled_from(["Smith", "Garcia", "Haddad", "Novak"]), st.integers(100000, 999999))

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return st.just(dict(row))

    def setup(self, device: Device) -> None:
        seed(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        p = self.params
        new = book.raw_ids_named(device, f"{p['first']} {p['last']}")
        if len(new) != 1 or names(device) != expected((p["first"], p["last"], "", "")):
            return 0.0
        d = book.details(device, new[0])
        right = (d["first"], d["last"], d["phones"], d["emails"]) == (
            p["first"], p["last"], [book.clean_number(p["phone"])], [p["email"]])
        return 1.0 if right else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        p = self.params
        yield ui.open_app("Contacts")
        yield ui.click(desc="Create contact")
        for hint, key in (("First name", "first"), ("Last name", "last"), ("Phone", "phone"), ("Email", "email")):
            typed = ui.type(p[key], hint=hint)
            yield ui.tolerate(typed, *PHONE_FIELD) if key == "phone" else typed
        yield ui.click(text="Save")
        yield ui.complete()


class ContactsAddCompany(_ContactsTask):
    """"Add the Field Company as X" is the editor's Company field: checks the person's organization row."""

    template = 'Add the Field Company as "{company}" to the contact "{first}" in Google Contacts.'
    published = ({"first": "John", "company": "Microsoft"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"first": st.sampled_from([s[0] for s in SUBJECTS]),
                                      "company": st.sampled_from(["Microsoft", "Contoso", "Initech", "Globex"])})

    def check(self, device: Device, answer: str | None = None) -> float:
        raw = self.raw_id(device)
        if raw is None or not self.intact(device):
            return 0.0
        d = book.details(device, raw)
        return 1.0 if d["company"] == self.params["company"] and d["phones"] == [book.clean_number(self.person[2])] \
            else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Contacts")
        yield ui.click(text=full(self.params["first"]))
        yield ui.click(desc="Edit contact")
        yield ui.type(self.params["company"], hint="Company")
        yield ui.click(text="Save")
        yield ui.complete()


class _LabelTask(_ContactsTask):
    """Besides the people, the label :data:`OTHER_LABEL` (Alice in it)."""

    __abstract__ = True
    published = ({"first": "John", "label": "colleague"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"first": st.sampled_from([s[0] for s in SUBJECTS]),
                                      "label": st.sampled_from(LABELS)})

    def setup(self, device: Device) -> None:
        super().setup(device)
        other = book.add_label(device, OTHER_LABEL)
        book.add_to_label(device, book.raw_ids_named(device, "Alice Chen")[0], other)

    def other_intact(self, device: Device) -> bool:
        other = book.labels(device).get(OTHER_LABEL)
        alice = book.raw_ids_named(device, "Alice Chen")
        return other is not None and book.label_members(device, other) == alice and self.intact(device)


class ContactsCreateLabel(_LabelTask):
    """Checks the provider's groups: a label with the title (case as typed), no members, the other label kept."""

    template = 'Create a new label called "{label}" in Google Contacts.'
    published = ({"label": "colleague"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"first": st.just("John"), "label": st.sampled_from(LABELS)})

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return st.just({"first": "John", **row})

    def check(self, device: Device, answer: str | None = None) -> float:
        labels = book.labels(device)
        made = labels.get(self.params["label"])
        return 1.0 if set(labels) == {OTHER_LABEL, self.params["label"]} and made is not None \
            and not book.label_members(device, made) and self.other_intact(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_drawer(ui, "Create label")
        yield ui.type(self.params["label"], rid="label_name")
        yield ui.click(text="OK")
        yield ui.complete()


class ContactsAddToLabel(_LabelTask):
    """Setup creates the label with Alice in it; checks its members are Alice and the person."""

    template = 'Add "{first}" to the existing label "{label}" in Google Contacts.'
    members: tuple[str, ...] = ("Alice",)

    def setup(self, device: Device) -> None:
        super().setup(device)
        group = book.add_label(device, self.params["label"])
        for first in self.members:
            book.add_to_label(device, book.raw_ids_named(device, full(first))[0], group)

    def members_now(self, device: Device) -> list[int] | None:
        group = book.labels(device).get(self.params["label"])
        return None if group is None else sorted(book.label_members(device, group))

    def wanted(self, device: Device, *first: str) -> list[int]:
        return sorted(i for f in first for i in book.raw_ids_named(device, full(f)))

    def check(self, device: Device, answer: str | None = None) -> float:
        right = self.members_now(device) == self.wanted(device, "Alice", self.params["first"])
        return 1.0 if right and self.other_intact(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_drawer(ui, self.params["label"])
        yield ui.click(desc="Add contacts")
        yield ui.click(text=full(self.params["first"]))
        yield ui.complete()


class ContactsRemoveFromLabel(ContactsAddToLabel):
    """Setup puts Alice and the person in the label; checks only Alice is left in it."""

    template = 'Remove "{first}" from the existing label "{label}" in Google Contacts.'

    @property
    def members(self) -> tuple[str, ...]:  # type: ignore[override]
        return ("Alice", self.params["first"])

    def check(self, device: Device, answer: str | None = None) -> float:
        right = self.members_now(device) == self.wanted(device, "Alice")
        return 1.0 if right and self.other_intact(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_drawer(ui, self.params["label"])
        yield ui.long_press(text=full(self.params["first"]))
        yield ui.click(text="Remove from label")
        yield ui.complete()


class ContactsDeleteLabel(ContactsAddToLabel):
    """Setup creates the label (Alice in it); checks it is gone, the other label and every contact kept."""

    template = 'Delete the label "{label}" in Google Contacts.'
    published = ({"label": "colleague"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return ContactsCreateLabel.parameters()

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return st.just({"first": "John", **row})

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if set(book.labels(device)) == {OTHER_LABEL} and self.other_intact(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_drawer(ui, self.params["label"])
        yield ui.click(desc="More options")
        yield ui.click(text="Delete label")
        yield ui.click(text="Delete")
        yield ui.complete()


class ContactsExportVcf(_ContactsTask):
    """"A VCF file" anywhere the user picks is checked in Download (where the app saves it): a ``.vcf`` file holding
    a vCard for every contact (their ``FN`` names)."""

    template = "Export all contacts from Google Contacts to a VCF file."
    published = ()

    def setup(self, device: Device) -> None:
        super().setup(device)
        for name in book.vcf_files(device):
            device.remove(f"{EXPORT_DIR}/{name}")

    def check(self, device: Device, answer: str | None = None) -> float:
        files = book.vcf_files(device)
        want = expected(self.person)
        return 1.0 if any(sorted(book.vcard_names(text)) == want for text in files.values()) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_drawer(ui, "Fix & manage")
        yield ui.click(text="Export to file")
        yield ui.click(text="Export")
        yield ui.complete()


class ContactsSearch(_ContactsTask):
    """Checks the screen: the contact list's search with the name typed (the first name, or more of the full name)
    and the person among the results."""

    template = 'Search for contacts with the name "{first}" in Google Contacts.'

    def check(self, device: Device, answer: str | None = None) -> float:
        if device.current_activity()[1] != MAIN_ACTIVITY:
            return 0.0
        els = on_screen(device)
        name = full(self.params["first"])
        typed = any(e.resource_name == "open_search_view_edit_text"
                    and self.params["first"].lower() in e.text.strip().lower() in name.lower() for e in els)
        listed = any(e.resource_name == "cliv_name_textview" and e.text == name for e in els)
        return 1.0 if typed and listed and self.intact(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Contacts")
        yield ui.click(text="Search contacts")
        yield ui.type(self.params["first"], rid="open_search_view_edit_text")
        yield ui.complete()


class ContactsMergeDuplicates(_ContactsTask):
    """The duplicates are two contacts of the person's name (one with the phone, one with the email): checks their
    raw contacts are joined into one contact and every other contact is still its own."""

    template = "Merge duplicate contacts in Google Contacts."
    published = ()

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"first": st.sampled_from([s[0] for s in SUBJECTS])})

    def setup(self, device: Device) -> None:
        first, last, phone, _ = self.person
        seed(device, (first, last, phone, ""), (first, last, "", f"{first.lower()}@example.org"))

    def check(self, device: Device, answer: str | None = None) -> float:
        rows = book.raw_contacts(device)
        name = full(self.params["first"])
        dup = {r["contact_id"] for r in rows if r["display_name"] == name}
        others = [r["contact_id"] for r in rows if r["display_name"] != name]
        whole = len(rows) == len(BOOK) + 2 and len(set(others)) == len(others) and not dup & set(others)
        return 1.0 if whole and len(dup) == 1 else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_drawer(ui, "Fix & manage")
        yield ui.click(text="Merge duplicates")
        yield ui.click(text="Merge")
        yield ui.complete()


class ContactsDelete(_ContactsTask):
    """Checks the provider: the person is gone, everyone else is there."""

    template = 'Delete "{first}" from Google Contacts.'

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if names(device) == expected() else 0.0

    def open_menu(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Contacts")
        yield ui.click(text=full(self.params["first"]))
        yield ui.click(desc="More options")
        yield ui.click(text="Delete")

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_menu(ui)
        yield ui.click(text="Delete")
        yield ui.complete()


class ContactsSortByFirstName(_ContactsTask):
    """Setup sorts by last name; checks Contacts' ``android.contacts.SORT_ORDER`` preference is "first name"."""

    template = "Sort contacts by first name in Google Contacts."
    published = ()

    def setup(self, device: Device) -> None:
        super().setup(device)
        book.set_sort_order(device, SORT_BY_LAST)

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if book.sort_order(device) == SORT_BY_FIRST and self.intact(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_drawer(ui, "Settings")
        yield ui.click(text="Sort by")
        yield ui.click(text="First name")
        yield ui.complete()


# -- constrained -----------------------------------------------------------------------------------------------


def dialog_shown(device: Device, title: str) -> bool:
    return any(e.resource_name == "alertTitle" and e.text == title for e in on_screen(device))


class ConstrainedContactsCreateLabelReview(ContactsCreateLabel):
    """Constrained 16: the label must be left for the user to confirm, so the outcome is the "New label" dialog on
    screen with the name typed and no label created; the dialog's "OK" (any confirm-like button) is forbidden."""

    type = "constrained"
    published = ({"label": "work"},)
    constraint = REVIEW
    constraints = {"elements": list(CONFIRM)}

    def check(self, device: Device, answer: str | None = None) -> float:
        typed = any(e.resource_name == "label_name" and e.text.strip() == self.params["label"]
                    for e in on_screen(device))
        kept = set(book.labels(device)) == {OTHER_LABEL} and self.other_intact(device)
        return 1.0 if typed and kept and dialog_shown(device, "New label") else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_drawer(ui, "Create label")
        yield ui.type(self.params["label"], rid="label_name")
        yield ui.complete()


class ConstrainedContactsDeleteReview(ContactsDelete):
    """Constrained 17: the deletion must be left for the user to confirm, so the outcome is the person's card with
    "Delete this contact?" on screen and nobody deleted; the dialog's "Delete" (any confirm-like button) is
    forbidden."""

    type = "constrained"
    template = 'Delete the contact "{first}" in Google Contacts.'
    constraint = REVIEW
    constraints = {"elements": list(CONFIRM)}

    def check(self, device: Device, answer: str | None = None) -> float:
        if device.current_activity()[1] != QUICK_CONTACT or not self.intact(device):
            return 0.0
        return 1.0 if dialog_shown(device, "Delete this contact?") else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_menu(ui)
        yield ui.complete()


class ConstrainedContactsFindSearch(_ContactsTask):
    """Constrained 29: "Find Bob" is made checkable as Bob's contact card on screen (its title his name); scrolling
    is forbidden, so the search bar takes the agent there."""

    type = "constrained"
    template = 'Find "{first}" in Google Contacts.'
    published = ({"first": "Bob"},)
    constraint = "Use the search bar instead of scrolling down to find the target item."
    constraints = {"actions": ["scroll"]}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"first": st.sampled_from(["Bob", "Emma", "Liam", "John"])})

    def check(self, device: Device, answer: str | None = None) -> float:
        if device.current_activity()[1] != QUICK_CONTACT or not self.intact(device):
            return 0.0
        name = full(self.params["first"])
        return 1.0 if any(e.resource_name == "large_title" and e.text == name for e in on_screen(device)) else 0.0

    def setup(self, device: Device) -> None:
        seed(device, *(s for s in SUBJECTS if s[0] == self.params["first"]))

    def intact(self, device: Device) -> bool:
        return names(device) == expected(*(s for s in SUBJECTS if s[0] == self.params["first"]))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Contacts")
        yield ui.click(text="Search contacts")
        yield ui.tolerate(ui.type(self.params["first"], rid="open_search_view_edit_text"),
                          "a shorter query finds the same contact, and only the card it opens is judged", "text:drop")
        yield ui.click(text=full(self.params["first"]))
        yield ui.complete()
