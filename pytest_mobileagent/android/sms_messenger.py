"""Simple SMS Messenger (``com.simplemobiletools.smsmessenger``): AndroidWorld's SMS app. It keeps no messages
of its own; they are the telephony provider's (:mod:`pytest_mobileagent.android.telephony`).

Screens follow version 5.19.3 (versionCode 85, AndroidWorld's ``com.simplemobiletools.smsmessenger_85.apk``), from
``SimpleMobileTools/Simple-SMS-Messenger`` at tag ``5.19.3`` and the Simple-Commons commit it pins (``b72ded2a75``).
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Source, entries, framework, key
from pytest_mobileagent.android.opensource import COMMONS, android_world, appcompat, appcompat_icons
from pytest_mobileagent.android.theme import LauncherIcon, simple_commons

PACKAGE = "com.simplemobiletools.smsmessenger"
ACTIVITIES = f"{PACKAGE}.activities"
MAIN_ACTIVITY = f"{ACTIVITIES}.MainActivity"
THREAD_ACTIVITY = f"{ACTIVITIES}.ThreadActivity"
NEW_CONVERSATION_ACTIVITY = f"{ACTIVITIES}.NewConversationActivity"

APP_VERSION = "5.19.3 (versionCode 85, AndroidWorld's com.simplemobiletools.smsmessenger_85.apk)"
_REPO, _TAG, _COMMONS_COMMIT = "SimpleMobileTools/Simple-SMS-Messenger", "5.19.3", "b72ded2a75"


def _src(path: str, note: str = "") -> Source:
    return Source(_REPO, path, app_version=_TAG, note=note)


def _commons(path: str, note: str = "") -> Source:
    return Source(COMMONS, path, app_version=_TAG, note=note or f"Simple-Commons {_COMMONS_COMMIT}, pinned by 5.19.3")


_L = "app/src/main/res/layout"
_STRINGS = _src("app/src/main/res/values/strings.xml")
_COMMONS_STRINGS = _commons("commons/src/main/res/values/strings.xml")

EVIDENCE = {
    key("activity", MAIN_ACTIVITY): android_world("env/adb_utils.py", "'simple sms messenger': MainActivity"),
    **entries("activity", (THREAD_ACTIVITY, NEW_CONVERSATION_ACTIVITY), _src("app/src/main/AndroidManifest.xml")),
    **entries("id", ("conversations_fab", "conversations_list", "main_coordinator", "main_holder",
                     "no_conversations_placeholder", "no_conversations_placeholder_2", "search_placeholder",
                     "search_placeholder_2", "search_results_list"), _src(f"{_L}/activity_main.xml")),
    **entries("id", ("new_conversation_coordinator", "new_conversation_toolbar", "new_conversation_address",
                     "new_conversation_confirm", "no_contacts_placeholder", "contacts_list"),
              _src(f"{_L}/activity_new_conversation.xml")),
    **entries("id", ("thread_coordinator", "thread_toolbar", "thread_messages_list", "message_holder"),
              _src(f"{_L}/activity_thread.xml")),
    **entries("id", ("thread_type_message", "thread_send_message"),
              _src(f"{_L}/layout_thread_send_message_holder.xml", "included as message_holder")),
    key("id", "delete_remember_title"): _src(f"{_L}/dialog_delete_confirmation.xml"),
    **entries("id", ("conversation_address", "conversation_body_short", "conversation_date", "conversation_frame",
                     "conversation_holder", "conversation_image", "draft_indicator"),
              _src(f"{_L}/item_conversation.xml")),
    **entries("id", ("thread_message_body", "thread_message_holder", "thread_message_wrapper"),
              _src(f"{_L}/item_message.xml")),
    **entries("id", ("search_result_date", "search_result_holder", "search_result_image", "search_result_snippet",
                     "search_result_title"), _src(f"{_L}/item_search_result.xml")),
    key("id", "thread_date_time"): _src(f"{_L}/item_thread_date_time.xml"),
    key("id", "thread_error"): _src(f"{_L}/item_thread_error.xml"),
    key("id", "thread_sending"): _src(f"{_L}/item_thread_sending.xml"),
    key("id", "thread_success"): _src(f"{_L}/item_thread_success.xml"),
    **entries("id", ("cab_copy_to_clipboard", "cab_delete"), _src("app/src/main/res/menu/cab_thread.xml")),
    **entries("id", ("delete", "dial_number"), _src("app/src/main/res/menu/menu_thread.xml")),
    **entries("id", ("item_contact_frame", "item_contact_image", "item_contact_name", "item_contact_number"),
              _commons("commons/src/main/res/layout/item_contact_with_number.xml",
                       "ContactsAdapter inflates ItemContactWithNumberBinding")),
    **entries("id", ("property_label", "property_value"), _commons("commons/src/main/res/layout/item_property.xml")),
    **entries("id", ("top_toolbar_holder", "top_toolbar_search_icon", "top_toolbar_search"),
              _commons("commons/src/main/res/layout/menu_search.xml", "MySearchMenu")),
    **appcompat("action_mode_bar", "action_mode_close_button"),
    **framework("content", "parentPanel", "alertTitle", "buttonPanel", "button1", "button2", "title",
                "floating_toolbar_menu_item_text"),
    **entries("text", ("Type a message\u2026", "Add Contact or Number\u2026", "Not sent. Touch to retry.",
                       "Sending\u2026", "New conversation", "No stored conversations have been found",
                       "Start a conversation", "Forward", "Message details", "Dial number",
                       "Are you sure you want to delete all messages of this conversation?"), _STRINGS),
    key("desc", "Dial number"): _STRINGS,
    key("text", "SMS"): _src("app/src/main/res/values/donottranslate.xml", "the send button's text"),
    **entries("text", ("No contacts found", "Copy to clipboard", "Search", "Properties", "Delete", "Select all", "Yes",
                       "No", "OK", "Type in at least 2 characters to start the search.", "No items found."),
              _COMMONS_STRINGS),
    **entries("desc", ("OK", "Copy to clipboard", "Delete"), _COMMONS_STRINGS),
    # icons: the drawables the layouts and menus name (Simple-Commons' Material Icons, by their Material name)
    key("icon", "Back"): _commons("commons/src/main/kotlin/com/simplemobiletools/commons/activities/"
                                  "BaseSimpleActivity.kt", "NavigationIcon.Arrow: ic_arrow_left_vector (arrow_back)"),
    key("icon", "Search"): _commons("commons/src/main/res/layout/menu_search.xml", "ic_search_vector"),
    key("icon", "conversations_fab"): _src(f"{_L}/activity_main.xml", "ic_plus_vector (add)"),
    **entries("icon", ("conversation_image", "search_result_image", "item_contact_image"),
              _commons("commons/src/main/kotlin/com/simplemobiletools/commons/helpers/SimpleContactsHelper.kt",
                       "loadContactImage without a photo: getContactLetterIcon, the name's initial on a colour "
                       "(a group: getColoredGroupIcon, ic_group_circle_bg)")),
    key("icon", "Dial number"): _src("app/src/main/res/menu/menu_thread.xml", "ic_phone_vector (phone)"),
    key("icon", "Delete"): _src("app/src/main/res/menu/menu_thread.xml", "ic_delete_vector (as cab_thread.xml's)"),
    key("icon", "Copy to clipboard"): _src("app/src/main/res/menu/cab_thread.xml", "ic_copy_vector (content_copy)"),
    key("icon", "new_conversation_confirm"): _src(f"{_L}/activity_new_conversation.xml", "ic_check_vector (check)"),
    key("icon", "thread_success"): _src(f"{_L}/item_thread_success.xml", "ic_check_vector (check)"),
    key("icon", "Done"): _commons("commons/src/main/res/values/styles.xml", "android:actionModeCloseDrawable: "
                                  "ic_arrow_left_vector (arrow_back)"),
    **appcompat_icons("More options"),
}

__all__ = ["ACTIVITIES", "APP_VERSION", "EVIDENCE", "MAIN_ACTIVITY", "NEW_CONVERSATION_ACTIVITY", "PACKAGE",
           "THREAD_ACTIVITY"]

#: Simple-Commons' system theme, its default on Android 12+ (``BaseConfig.isUsingSystemTheme``); the app's own
#: screenshots show the pre-12 default (the dark theme, orange primary #F57C00, orange bubbles).
THEME = simple_commons(_commons("commons/src/main/res/values-v31/colors.xml",
                                note=f"Simple-Commons {_COMMONS_COMMIT}: you_* colours (values-night-v31 for dark); "
                                     "BaseConfig.kt: isUsingSystemTheme defaults to isSPlus()"))
#: The adaptive icon: md_orange_700 (#F57C00) under a white speech bubble with text lines.
LAUNCHER_ICON = LauncherIcon("#F57C00", "chat", _src("app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml",
                             note="background @color/md_orange_700; foreground mipmap ic_launcher_foreground, "
                                  "a white speech bubble with text lines"))
