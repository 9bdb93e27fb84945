"""Contacts (Google Contacts, ``com.google.android.contacts``): the list, a contact's card and the editor.

The app keeps no data of its own: it reads and writes the contacts provider
(``contacts2.db`` of ``com.android.providers.contacts``) through
:class:`~mobileagent_sim.providers.ContactsProvider`, as the real app
does through its ContentResolver. New contacts go to the device's local
account (no Google account is signed in on the AndroidWorld image).

Screens: ``PeopleActivity`` (the alphabetical list with letter headers, the
"Search contacts" bar and the "Create contact" button), ``QuickContactActivity``
(name, company, a Call button, phone, email and postal address rows; "Add to favorites",
"Edit contact" and "More options" > "Delete"), and ``ContactEditorActivity``
(First name, Last name, Company, Phone with its label, Email; "Save"), started
with ``ACTION_INSERT`` or ``ACTION_EDIT`` so ActivityTaskManager logs the
action B-MoCA's success rules look for. The editor shows one phone and one
email; a contact's other phones and emails are kept as they are when it is saved.

AndroidArena's tasks add the navigation drawer ("Open navigation drawer": "Contacts", the labels, "Create
label", "Fix & manage", "Settings"); labels are the provider's groups: a label's page (``LabelActivity``) lists
its members ("Add contacts", long-press a member to "Remove from label", "More options" > "Delete label");
"Fix & manage" merges duplicates (contacts of the same name, joined as "Merge" does) and exports every contact
to a vCard file in Download; Settings sets "Sort by" (the ``android.contacts.SORT_ORDER`` preference), which the
list follows.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from typing import Any

from mobileagent_sim.app import Activity, App, Intent
from mobileagent_sim.apps.dialer import ACTION_CALL
from mobileagent_sim.providers import (
    EMAIL,
    NAME,
    ORGANIZATION,
    PHONE,
    PHONE_TYPES,
    ContactsProvider,
    digits,
    split_name,
)
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    EditText,
    Frame,
    Image,
    ImageButton,
    ListItem,
    RadioGroup,
    Row,
    Scroll,
    Text,
    Toolbar,
    View,
)
from pytest_mobileagent.android.contacts import (
    CONTACTS_URI,
    EXPORT_DIR,
    FIX_ACTIVITY,
    LABEL_ACTIVITY,
    MAIN_ACTIVITY,
    PACKAGE,
    PREFS,
    SETTINGS_ACTIVITY,
    SORT_BY_FIRST,
    SORT_BY_LAST,
    SORT_ORDER_KEY,
)
from pytest_mobileagent.android.shared_prefs import format_prefs, parse_prefs

ACTION_INSERT = "android.intent.action.INSERT"
ACTION_EDIT = "android.intent.action.EDIT"
ACTION_VIEW = "android.intent.action.VIEW"
ACTION_QUICK_CONTACT = "com.android.contacts.action.QUICK_CONTACT"
#: Mime types of ``ACTION_INSERT`` intents that create a contact.
INSERT_TYPES = ("vnd.android.cursor.dir/contact", "vnd.android.cursor.dir/raw_contact",
                "vnd.android.cursor.dir/person")
#: The phone labels the editor offers, in its order.
LABELS = ("Mobile", "Work", "Home", "Main", "Work Fax", "Home Fax", "Pager", "Other")
LABEL_TYPES = {label: t for t, label in PHONE_TYPES.items()}
EMAIL_HOME = 1


def lookup_uri(contact: dict[str, Any]) -> str:
    return f"{CONTACTS_URI}/lookup/{contact['lookup']}/{contact['contact_id']}"


def contact_id_of(provider: ContactsProvider, uri: str) -> int | None:
    """The contact a contacts, lookup or raw-contacts URI points at."""
    m = re.search(r"/(raw_contacts|contacts)(?:/lookup/[^/]+)?/(\d+)$", uri)
    if not m:
        return None
    if m.group(1) == "contacts":
        return int(m.group(2))
    raw = int(m.group(2))
    return next((c["contact_id"] for c in provider.contacts() if c["raw_contact_id"] == raw), None)


class ContactsActivity(Activity):
    """Base of the app's screens: the provider and the starts between them."""

    @property
    def provider(self) -> ContactsProvider:
        return ContactsProvider(self.system)

    def open_contact(self, contact: dict[str, Any]) -> None:
        self.system.start_activity(self.app, QuickContactActivity, Intent(
            action=ACTION_QUICK_CONTACT, data=lookup_uri(contact), extras={"contact_id": contact["contact_id"]}))

    def create_contact(self) -> None:
        self.system.start_activity(self.app, ContactEditorActivity, Intent(action=ACTION_INSERT, data=CONTACTS_URI))

    def sort_order(self) -> int:
        """``android.contacts.SORT_ORDER`` of the app's preferences (by first name unless set)."""
        fs = self.system.fs
        return int(parse_prefs(fs.read(PREFS)).get(SORT_ORDER_KEY, SORT_BY_FIRST)) if fs.exists(PREFS) \
            else SORT_BY_FIRST

    def sorted_contacts(self) -> list[dict[str, Any]]:
        """The contacts in the list's order: by first name, or by last name (``Last, First``)."""
        contacts = self.provider.contacts()
        if self.sort_order() != SORT_BY_LAST:
            return contacts
        alt = {c["contact_id"]: self.alt_name(c) for c in contacts}
        return sorted(contacts, key=lambda c: alt[c["contact_id"]].lower())

    def alt_name(self, contact: dict[str, Any]) -> str:
        full = self.provider.contact(contact["contact_id"]) or {}
        return ", ".join(p for p in (full.get("last", ""), full.get("first", "")) if p) or contact["name"]


class PeopleActivity(ContactsActivity):
    """The contact list: alphabetical, with letter headers, a search bar and "Create contact"."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Intent):
        super().__init__(app, intent)
        self.searching = False

    def build(self) -> View:
        if self.searching:
            return self.build_search()
        contacts = self.sorted_contacts()
        body: View = (self.contact_list(contacts, "android:id/list") if contacts
                      else Text("No contacts", id="empty_list_view", style="item-summary", weight=1, padding=24))
        return Frame(
            Column(
                Row(ImageButton("Open navigation drawer", lambda: self.open_menu("drawer"), icon="menu"),
                    Text("Search contacts", id="open_search_bar_text_view", clickable=True, focusable=True,
                         on_click=self.start_search, weight=1, height=56, style="searchbar"),
                    id="open_search_bar", height=72, padding=8),
                body,
            ),
            Column(View(weight=1), Row(View(weight=1), ImageButton("Create contact", self.create_contact,
                                                                   id="floating_action_button", icon="add",
                                                                   width=56, height=56, style="fab"), height=80)),
        )

    def contact_list(self, contacts: list[dict[str, Any]], list_id: str, headers: bool = True) -> View:
        rows: list[View] = []
        letter = None
        for c in contacts:
            first = c["name"][:1].upper()
            first = first if first.isalpha() else "#"
            if headers and first != letter:
                letter = first
                rows.append(Text(letter, style="caption", height=32, padding=4))
            rows.append(Row(Image(icon=f"avatar:{c['name']}"),
                            Text(c["name"], id="cliv_name_textview", style="item-title", weight=1),
                            clickable=True, focusable=True, on_click=lambda c=c: self.open_contact(c), height=64,
                            padding=8))
        return Scroll(*rows, id=list_id, cls="android.widget.ListView", weight=1)

    def start_search(self) -> None:
        self.searching = True
        self.fields["search"] = ""

    def menu_items(self, name: str) -> list[tuple[str, Callable[[], Any]]]:
        """The navigation drawer: the contacts, each label, "Create label", "Fix & manage", "Settings"."""
        labels = [(g["title"], lambda g=g: self.go(LabelActivity, group_id=g["id"])) for g in self.provider.groups()]
        return [("Contacts", self.close_menu), *labels, ("Create label", self.ask_label),
                ("Fix & manage", lambda: self.go(FixManageActivity)), ("Settings", lambda: self.go(SettingsActivity))]

    def go(self, activity: type[Activity], **extras: Any) -> None:
        self.menu = None
        self.start(activity, **extras)

    def ask_label(self) -> None:
        self.menu, self.dialog = None, "label"
        self.fields["label_name"] = ""
        self.request_focus("label_name")

    def build_dialog(self, name: str) -> View:
        return Dialog("New label", self.field("label_name", hint="Label name"), buttons=[
            Button("Cancel", self.close_dialog, id="android:id/button2", weight=1),
            Button("OK", self.create_label, id="android:id/button1", weight=1)])

    def close_dialog(self) -> None:
        self.dialog = None

    def create_label(self) -> None:
        title = self.fields.get("label_name", "").strip()
        self.dialog = None
        if title:
            self.provider.insert_group({"title": title})
            self.toast("Label created")

    def build_search(self) -> View:
        query = self.fields.get("search", "").strip().lower()
        matches = [c for c in self.provider.contacts() if query and self.matches(c, query)]
        return Column(
            Row(ImageButton("Navigate up", self.stop_search, icon="arrow_back"),
                EditText("open_search_view_edit_text", self.fields.get("search", ""),
                         lambda v: self.fields.__setitem__("search", v), hint="Search contacts", weight=1),
                height=64),
            self.contact_list(matches, "search_result_list", headers=False) if matches else
            Text("No results" if query else "", id="empty_list_view", style="item-summary", weight=1, padding=24),
        )

    def matches(self, contact: dict[str, Any], query: str) -> bool:
        if query in contact["name"].lower():
            return True
        wanted = digits(query)
        full = self.provider.contact(contact["contact_id"]) or {"phones": []}
        return bool(wanted) and any(wanted in digits(p["number"]) for p in full["phones"])

    def stop_search(self) -> None:
        self.searching = False
        self.system.clear_focus(self)

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.searching:
            self.stop_search()
            return True
        return False


class QuickContactActivity(ContactsActivity):
    """A contact's card: name, Call, phone and email rows, favorites, edit and delete."""

    name = "com.android.contacts.quickcontact.QuickContactActivity"

    @property
    def contact_id(self) -> int:
        return int(self.intent.extras.get("contact_id", 0))

    def build(self) -> View:
        contact = self.provider.contact(self.contact_id)
        if contact is None:  # deleted behind the card's back
            return Column(Row(ImageButton("Navigate up", self.finish, id="nav_back_icon", icon="arrow_back"),
                              height=64))
        star = "Remove from favorites" if contact["starred"] else "Add to favorites"
        phones = contact["phones"]
        return Column(
            Row(ImageButton("Navigate up", self.finish, id="nav_back_icon", icon="arrow_back"), View(weight=1),
                ImageButton(star, self.toggle_star, id="menu_star",
                            icon="star" if contact["starred"] else "star:outlined"),
                ImageButton("Edit contact", self.edit, id="menu_insert_or_edit", icon="edit:outlined"),
                ImageButton("More options", lambda: self.open_menu("more"), icon="more_vert"),
                id="toolbar", cls="android.view.ViewGroup", height=64),
            Scroll(
                Image(icon=f"avatar:{contact['name']}", width=120, height=120, id="photo"),
                Text(contact["name"], id="large_title", style="headline"),
                Text(contact["company"], id="organization_name", style="item-summary") if contact["company"] else None,
                Row(View(cls="android.widget.LinearLayout", desc="Call", id="verb_call", clickable=True,
                         focusable=True, on_click=lambda: self.call(phones[0]["number"]), width=88, height=72,
                         children=[Column(Image(icon="call:outlined"), Text("Call", style="caption"))]),
                    height=80) if phones else None,
                Text("Contact info", id="header", style="caption", height=32) if phones or contact["emails"] else None,
                *[self.phone_row(p) for p in phones],
                *[self.email_row(e) for e in contact["emails"]],
                *[self.address_row(a) for a in contact.get("addresses", [])],
                id="contact_details", weight=1,
            ),
        )

    def phone_row(self, phone: dict[str, Any]) -> View:
        label = phone["label"] or PHONE_TYPES.get(phone["type"], "Other")
        return Row(Image(icon="call:outlined"), Column(Text(phone["number"], id="header", style="item-title"),
                                              Text(label, id="sub_header", style="item-summary"), weight=1),
                   clickable=True, focusable=True, on_click=lambda n=phone["number"]: self.call(n), height=72,
                   padding=8)

    def email_row(self, email: dict[str, Any]) -> View:
        label = {1: "Home", 2: "Work", 3: "Other", 4: "Mobile"}.get(email["type"], "Other")
        return Row(Image(icon="mail:outlined"), Column(Text(email["address"], id="header", style="item-title"),
                                               Text(label, id="sub_header", style="item-summary"), weight=1),
                   height=72, padding=8)

    def address_row(self, address: dict[str, Any]) -> View:
        label = {1: "Home", 2: "Work", 3: "Other"}.get(address["type"], "Other")
        return Row(Image(icon="location_on:outlined"), Column(Text(address["address"], id="header", style="item-title"),
                                               Text(label, id="sub_header", style="item-summary"), weight=1),
                   height=104, padding=8)  # an address takes two lines

    def call(self, number: str) -> None:
        self.system.start_intent(Intent(action=ACTION_CALL, data=f"tel:{number}"))

    def toggle_star(self) -> None:
        contact = self.provider.contact(self.contact_id)
        if contact is not None:
            self.provider.set_starred(contact["raw_contact_id"], not contact["starred"])

    def edit(self) -> None:
        contact = self.provider.contact(self.contact_id)
        if contact is not None:
            self.system.start_activity(self.app, ContactEditorActivity, Intent(
                action=ACTION_EDIT, data=lookup_uri(contact), extras={"contact_id": self.contact_id}))

    def menu_items(self, name: str):
        return [("Delete", self.ask_delete)]

    def ask_delete(self) -> None:
        self.menu = None
        self.dialog = "delete"

    def build_dialog(self, name: str) -> View:
        return Dialog("Delete this contact?", buttons=[
            Button("Cancel", self.close_dialog, id="android:id/button2", weight=1),
            Button("Delete", self.delete, id="android:id/button1", weight=1),
        ])

    def close_dialog(self) -> None:
        self.dialog = None

    def delete(self) -> None:
        self.dialog = None
        contact = self.provider.contact(self.contact_id)
        if contact is not None:
            self.provider.delete_raw_contact(contact["raw_contact_id"])
            self.toast(f"{contact['name']} deleted")
        self.finish()


class ContactEditorActivity(ContactsActivity):
    """Create contact / Edit contact: name, company, phone with its label, email; "Save"."""

    name = "com.android.contacts.activities.ContactEditorActivity"

    def __init__(self, app: App, intent: Intent):
        super().__init__(app, intent)
        self.editing = intent.action == ACTION_EDIT
        self.phone_type = 2
        self.fields = self.initial_fields()
        self.original = dict(self.fields, phone_type=self.phone_type)

    def initial_fields(self) -> dict[str, str]:
        extras = self.intent.extras
        if not self.editing:
            first, last = split_name(str(extras.get("name", "")))
            self.phone_type = int(extras.get("phone_type", 2) or 2)
            return {"first_name": first, "last_name": last, "company": str(extras.get("company", "")),
                    "phone": str(extras.get("phone", "")), "email": str(extras.get("email", ""))}
        contact = self.provider.contact(int(extras.get("contact_id", 0))) or {}
        phones, emails = contact.get("phones", []), contact.get("emails", [])
        if phones:
            self.phone_type = phones[0]["type"]
        return {"first_name": contact.get("first", ""), "last_name": contact.get("last", ""),
                "company": contact.get("company", ""), "phone": phones[0]["number"] if phones else "",
                "email": emails[0]["address"] if emails else ""}

    def changed(self) -> bool:
        return dict(self.fields, phone_type=self.phone_type) != self.original

    def build(self) -> View:
        label = PHONE_TYPES.get(self.phone_type, "Other")
        return Column(
            Row(ImageButton("Cancel", self.cancel, icon="close"),
                Text("Edit contact" if self.editing else "Create contact", style="title", weight=1, height=56),
                Button("Save", self.save, id="toolbar_button", width=88),
                id="toolbar", cls="android.view.ViewGroup", height=64),
            Scroll(
                self.field("first_name", hint="First name"),
                self.field("last_name", hint="Last name"),
                self.field("company", hint="Company"),
                # the phone kind's field is TYPE_CLASS_PHONE (FLAGS_PHONE, AOSP Contacts' BaseAccountType.java)
                self.field("phone", hint="Phone", input_type="phone"),
                View(cls="android.widget.Spinner", id="spinner", text=label, desc=f"{label} Phone", clickable=True,
                     focusable=True, on_click=lambda: self.open_menu("phone_type"), height=48, width=160),
                self.field("email", hint="Email"),
                id="editors", weight=1, padding=8,
            ),
        )

    def menu_items(self, name: str):
        return [(label, lambda t=LABEL_TYPES[label]: self.set_phone_type(t)) for label in LABELS]

    def set_phone_type(self, phone_type: int) -> None:
        self.phone_type = phone_type
        self.menu = None

    def build_dialog(self, name: str) -> View:
        return Dialog("Discard changes?", buttons=[
            Button("Cancel", self.keep_editing, id="android:id/button2", weight=1),
            Button("Discard", self.finish, id="android:id/button1", weight=1),
        ])

    def keep_editing(self) -> None:
        self.dialog = None

    def cancel(self) -> None:
        if self.changed():
            self.dialog = "discard"
        else:
            self.finish()

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.changed():
            self.dialog = "discard"
            return True
        return False

    def save(self) -> None:
        values = {k: v.strip() for k, v in self.fields.items()}
        if not any(values.values()):  # nothing to save: the editor just closes
            self.finish()
            return
        if self.editing:
            self.update(int(self.intent.extras.get("contact_id", 0)), values)
            self.finish()
            return
        raw_id = self.provider.insert_raw_contact()
        self.write(raw_id, values, {})
        contact = next(c for c in self.provider.contacts() if c["raw_contact_id"] == raw_id)
        self.open_contact(contact)  # the new contact's card replaces the editor
        self.finish()

    def update(self, contact_id: int, values: dict[str, str]) -> None:
        contact = self.provider.contact(contact_id)
        if contact is None:
            return
        rows = {NAME: contact["name_id"], ORGANIZATION: contact["company_id"],
                PHONE: contact["phones"][0]["id"] if contact["phones"] else None,
                EMAIL: contact["emails"][0]["id"] if contact["emails"] else None}
        self.write(contact["raw_contact_id"], values, rows)

    def write(self, raw_id: int, values: dict[str, str], rows: dict[str, int | None]) -> None:
        """Insert, update or delete the name, company, first phone and first email rows of a raw contact."""
        wanted: dict[str, dict[str, Any] | None] = {
            NAME: {"data2": values["first_name"] or None, "data3": values["last_name"] or None}
            if values["first_name"] or values["last_name"] else None,
            ORGANIZATION: {"data1": values["company"], "data2": 1} if values["company"] else None,
            PHONE: {"data1": values["phone"], "data2": self.phone_type} if values["phone"] else None,
            EMAIL: {"data1": values["email"], "data2": EMAIL_HOME} if values["email"] else None,
        }
        for mimetype, data in wanted.items():
            existing = rows.get(mimetype)
            if data is None and existing:
                self.provider.delete_data(existing)
            elif data is not None and existing:
                self.provider.update_data(existing, data)
            elif data is not None:
                self.provider.insert_data({"raw_contact_id": raw_id, "mimetype": mimetype, **data})


class LabelActivity(ContactsActivity):
    """A label's members; "Add contacts" picks more, a long-pressed member can be removed, the label deleted."""

    name = LABEL_ACTIVITY

    def __init__(self, app: App, intent: Intent):
        super().__init__(app, intent)
        self.picking = False
        self.member = 0

    @property
    def group_id(self) -> int:
        return int(self.intent.extras.get("group_id", 0))

    def build(self) -> View:
        group = next((g for g in self.provider.groups() if g["id"] == self.group_id), None)
        if group is None:
            return Column(Toolbar("", navigate_up=self.finish))
        members = set(self.provider.members(self.group_id))
        contacts = self.sorted_contacts()
        if self.picking:
            rows = [Row(Image(icon=f"avatar:{c['name']}"), Text(c["name"], id="cliv_name_textview", style="item-title",
                                                          weight=1),
                        clickable=True, focusable=True, height=64, padding=8,
                        on_click=lambda c=c: self.add(c["raw_contact_id"]))
                    for c in contacts if c["raw_contact_id"] not in members]
            return Column(Toolbar("Add contacts", navigate_up=self.stop_picking),
                          Scroll(*rows, id="android:id/list", cls="android.widget.ListView", weight=1))
        rows = [Row(Image(icon=f"avatar:{c['name']}"), Text(c["name"], id="cliv_name_textview", style="item-title",
                                                      weight=1),
                    clickable=True, focusable=True, long_clickable=True, height=64, padding=8,
                    on_click=lambda c=c: self.open_contact(c),
                    on_long_click=lambda c=c: self.ask_member(c["raw_contact_id"]))
                for c in contacts if c["raw_contact_id"] in members]
        return Column(
            Toolbar(group["title"], navigate_up=self.finish, overflow=lambda: self.open_menu("label"),
                    actions=[ImageButton("Add contacts", self.start_picking, icon="person_add:outlined",
                                         id="menu_add")]),
            Text(f"{len(rows)} contact{'' if len(rows) == 1 else 's'}", style="caption", height=32, padding=8),
            Scroll(*rows, id="android:id/list", cls="android.widget.ListView", weight=1) if rows else
            Text("No contacts with this label", id="empty_list_view", style="item-summary", weight=1, padding=24),
        )

    def start_picking(self) -> None:
        self.picking = True

    def stop_picking(self) -> None:
        self.picking = False

    def add(self, raw_id: int) -> None:
        self.provider.add_member(raw_id, self.group_id)
        self.picking = False

    def ask_member(self, raw_id: int) -> None:
        self.member = raw_id
        self.open_menu("member")

    def menu_items(self, name: str) -> list[tuple[str, Callable[[], Any]]]:
        if name == "member":
            return [("Remove from label", self.remove)]
        return [("Rename label", self.close_menu), ("Delete label", self.ask_delete)]

    def remove(self) -> None:
        self.provider.remove_member(self.member, self.group_id)
        self.menu, self.member = None, 0

    def ask_delete(self) -> None:
        self.menu, self.dialog = None, "delete"

    def build_dialog(self, name: str) -> View:
        return Dialog("Delete this label?", Text("Contacts with this label will not be deleted.", padding=8),
                      buttons=[Button("Cancel", self.close_dialog, id="android:id/button2", weight=1),
                               Button("Delete", self.delete, id="android:id/button1", weight=1)])

    def close_dialog(self) -> None:
        self.dialog = None

    def delete(self) -> None:
        self.dialog = None
        self.provider.delete_group(self.group_id)
        self.toast("Label deleted")
        self.finish()

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.picking:
            self.picking = False
            return True
        return False


def vcard(contact: dict[str, Any]) -> str:
    """A contact as vCard 2.1, the version Contacts exports."""
    lines = ["BEGIN:VCARD", "VERSION:2.1", f"N:{contact['last']};{contact['first']};;;", f"FN:{contact['name']}"]
    if contact["company"]:
        lines.append(f"ORG:{contact['company']}")
    lines += [f"TEL;{PHONE_TYPES.get(p['type'], 'Other').upper().replace(' ', '-')}:{p['number']}"
              for p in contact["phones"]]
    lines += [f"EMAIL;HOME:{e['address']}" for e in contact["emails"]]
    return "\r\n".join([*lines, "END:VCARD"]) + "\r\n"


class FixManageActivity(ContactsActivity):
    """"Fix & manage": "Merge duplicates" (contacts of the same name) and "Export to file"."""

    name = FIX_ACTIVITY

    def __init__(self, app: App, intent: Intent):
        super().__init__(app, intent)
        self.merging = False

    def duplicates(self) -> list[list[dict[str, Any]]]:
        """Groups of contacts with the same name (case-insensitive), each of two or more."""
        by_name: dict[str, list[dict[str, Any]]] = {}
        for c in self.provider.contacts():
            by_name.setdefault(c["name"].strip().lower(), []).append(c)
        return [group for group in by_name.values() if len(group) > 1]

    def build(self) -> View:
        dups = self.duplicates()
        if self.merging:
            rows = [Row(Column(Text(g[0]["name"], id="suggestion_title", style="item-title"),
                               Text(f"{len(g)} contacts", style="item-summary"), weight=1),
                        Button("Merge", lambda g=g: self.merge(g), id="merge_button", width=96), height=72, padding=8)
                    for g in dups]
            return Column(
                Toolbar("Merge duplicates", navigate_up=self.stop_merging,
                        actions=[Button("Merge all", self.merge_all, id="merge_all_button", width=120)]
                        if dups else []),
                Scroll(*rows, id="suggestions", weight=1) if rows else
                Text("No duplicates", id="empty_list_view", style="item-summary", weight=1, padding=24))
        return Column(
            Toolbar("Fix & manage", navigate_up=self.finish),
            ListItem("Merge duplicates", f"{len(dups)} suggestion{'' if len(dups) == 1 else 's'}",
                     self.start_merging, id="merge_duplicates"),
            ListItem("Import from file", "", None, id="import"),
            ListItem("Export to file", "", self.ask_export, id="export"),
        )

    def start_merging(self) -> None:
        self.merging = True

    def stop_merging(self) -> None:
        self.merging = False

    def merge(self, group: list[dict[str, Any]]) -> None:
        self.provider.join([c["raw_contact_id"] for c in group])
        self.toast("Contacts merged")

    def merge_all(self) -> None:
        for group in self.duplicates():
            self.provider.join([c["raw_contact_id"] for c in group])
        self.toast("Contacts merged")

    def ask_export(self) -> None:
        self.dialog = "export"

    def export_path(self) -> str:
        fs, n = self.system.fs, 0
        while fs.exists(path := posixpath.join(EXPORT_DIR, "contacts.vcf" if not n else f"contacts ({n}).vcf")):
            n += 1
        return path

    def build_dialog(self, name: str) -> View:
        return Dialog("Export contacts?", Text(f"All contacts will be saved to "
                                               f"Download/{posixpath.basename(self.export_path())}", padding=8),
                      buttons=[Button("Cancel", self.close_dialog, id="android:id/button2", weight=1),
                               Button("Export", self.export, id="android:id/button1", weight=1)])

    def close_dialog(self) -> None:
        self.dialog = None

    def export(self) -> None:
        self.dialog = None
        cards = [vcard(full) for c in self.provider.contacts() if (full := self.provider.contact(c["contact_id"]))]
        self.system.fs.write(self.export_path(), "".join(cards).encode())
        self.toast("Contacts exported")

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.merging:
            self.merging = False
            return True
        return False


class SettingsActivity(ContactsActivity):
    """Contacts' settings: "Sort by" first or last name."""

    name = SETTINGS_ACTIVITY

    def build(self) -> View:
        by_first = self.sort_order() != SORT_BY_LAST
        return Column(
            Toolbar("Settings", navigate_up=self.finish),
            Text("Display options", style="caption", height=32, padding=8),
            ListItem("Sort by", "First name" if by_first else "Last name", lambda: setattr(self, "dialog", "sort"),
                     id="sort_by"),
            ListItem("Name format", "First name first", None, id="name_format"),
        )

    def build_dialog(self, name: str) -> View:
        current = "Last name" if self.sort_order() == SORT_BY_LAST else "First name"
        return Dialog("Sort by", RadioGroup(("First name", "Last name"), current, self.set_sort),
                      buttons=[Button("Cancel", lambda: setattr(self, "dialog", None), id="android:id/button2")])

    def set_sort(self, option: str) -> None:
        fs = self.system.fs
        prefs = parse_prefs(fs.read(PREFS)) if fs.exists(PREFS) else {}
        prefs[SORT_ORDER_KEY] = SORT_BY_FIRST if option == "First name" else SORT_BY_LAST
        fs.write(PREFS, format_prefs(prefs))
        self.dialog = None


class ContactsApp(App):
    package = PACKAGE
    label = "Contacts"
    icon = "contacts"
    activities = (PeopleActivity, ContactEditorActivity, QuickContactActivity, LabelActivity, FixManageActivity,
                  SettingsActivity)
    uid = 10131

    def handle_intent(self, intent: Intent, mime_type: str = "") -> bool:
        """``ACTION_INSERT`` of a contact, ``ACTION_EDIT`` and ``ACTION_VIEW`` of one."""
        if intent.action == ACTION_INSERT and (mime_type in INSERT_TYPES or intent.data.startswith(CONTACTS_URI)):
            self.system.start_activity(self, ContactEditorActivity, Intent(
                action=ACTION_INSERT, data=intent.data, extras=dict(intent.extras)))
            return True
        if intent.action in (ACTION_EDIT, ACTION_VIEW, ACTION_QUICK_CONTACT) \
                and intent.data.startswith("content://com.android.contacts/"):
            contact_id = contact_id_of(ContactsProvider(self.system), intent.data)
            if contact_id is None:
                return False
            cls = ContactEditorActivity if intent.action == ACTION_EDIT else QuickContactActivity
            self.system.start_activity(self, cls, Intent(action=intent.action, data=intent.data,
                                                         extras={**intent.extras, "contact_id": contact_id}))
            return True
        return False
