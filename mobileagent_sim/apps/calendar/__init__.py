"""Simple Calendar Pro (``com.simplemobiletools.calendar.pro``, version 6.22.2 as on AndroidWorld's image).

State is where the real app keeps it: the Room database ``databases/events.db``
(schema version 8: ``events``, ``event_types`` with "Regular event" as id 1,
``widgets``, ``tasks``; see :mod:`pytest_mobileagent.android.calendar`) and
the commons preferences ``shared_prefs/Prefs.xml`` (``view``,
``reminder_minutes``, ``was_alarm_warning_shown``...). Times are epoch seconds
in the device's time zone (UTC); the clock is 24-hour unless
``system time_12_24`` is ``12``.

Screens and resource ids are the app's own:

- ``MainActivity``: the search bar (``top_toolbar_search_icon``, ``top_toolbar_search``) with the menu
  (``go_to_today`` when away from today, ``change_view``, "More options": Go to date, Print, Add holidays...),
  the "New Event" button (``calendar_fab``; tasks are on, so it first opens the "Event"/"Task" choice,
  ``fab_event_label``), and one of the views picked with "Change view":

  * monthly (the default): ``top_left_arrow``, ``top_value`` ("October"), ``top_right_arrow`` and the month grid
    ``month_view_wrapper``: 42 clickable ``month_view_background`` cells (6 weeks from Sunday) over the drawn
    ``month_view``. The real ``month_view`` is a canvas; here it carries the day numbers and event titles as
    TextViews so text-only agents can read it. Tapping a cell opens that day (back returns to the month).
  * daily: ``top_value`` ("October 16 (Mon)") and ``day_events`` rows (``event_item_holder`` with
    ``event_item_title``, ``event_item_time`` "13:00 - 13:30", ``event_item_description``); swipes change the day.
  * simple event list: ``calendar_events_list`` with month and day headers (``event_section_title``), from a day
    ago to six months ahead; scrolling up at the top loads three earlier months.
  * monthly and daily, weekly and yearly views in a simplified form.

  Long-pressing an event row starts the selection mode ("1 / 3", Share, Delete); Delete asks "Are you sure
  you want to proceed with the deletion?" (Yes/No, with the occurrence choice for repeating events). Search
  (two characters or more) lists matching events by title, location or description.
- ``EventActivity``: "New Event"/"Edit Event" with ``event_title``, ``event_location``, ``event_description``,
  All-day, the start/end date and time rows (spinner date and time pickers with OK/Cancel; the real app on
  Android 13 shows Material calendar and clock pickers), reminders, repetition (No repetition, Daily, Weekly,
  Monthly, Yearly; weekly picks the start's weekday), event type; Save (``save``), and for a saved event Delete
  and Duplicate. The first save with a reminder shows the reminder "Disclaimer", as the real app does.

Not simulated: tasks (the "Task" choice does nothing), CalDAV, attendees, custom intervals and reminders,
the repeat-limit picker, event colors, import/export, holidays/birthdays, settings and about.
"""
