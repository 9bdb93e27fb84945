"""AndroidWorld's 25 information-retrieval families: questions about Simple Calendar Pro, Tasks, Joplin and
OpenTracks whose answers the agent reads off the screen.

Each family is declared below as AndroidWorld declares it in ``information_retrieval_tasks.textproto``: the
prompt, the rows relevant to the answer (``{param}`` placeholders; ``{x_without_replacement}`` takes a value
of ``x`` not used yet in the draw), the exclusion conditions that random noise rows must not all meet (so
noise cannot change the answer), how the answer is derived from the rows, and each parameter's pool.
Names, prompts, rows, conditions, answers, difficulty, tags and optimal steps are AndroidWorld's; the pools
are the project's own, chosen so every draw has one right answer (``tests/test_androidworld_ir.py`` checks
them against the noise vocabularies of the app adapters in ``information_retrieval.py``). Where a pool
departs on purpose from AndroidWorld's, a comment says why.

Seeding and the oracle's walk through each app are the adapters' (``ADAPTERS``): the oracle reads the rows the
screens show and answers the family's question over them (the rows meeting every exclusion condition, the answer
derived as the success criteria say), so it answers whatever the phone holds, AndroidWorld's own seeding included.
Resolving a draw into rows and expected answers, and the answer check, are
``pytest_mobileagent.tasks.importers.androidworld_ir``'s, the same code that imports a textproto of the same
format (``build_tasks``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pytest_mobileagent.tasks.importers.androidworld_ir import (
    ROW_FIELDS,
    InformationRetrievalTask,
    IRSpec,
    answer_field,
    answer_value,
    condition,
    task_class,
)
from suites.androidworld.information_retrieval import ADAPTERS

# AndroidWorld's operator and match-type names, short.
EQ, CONTAINS, GE, LE = "EQUAL_TO", "CONTAINS", "GREATER_THAN_OR_EQUAL_TO", "LESS_THAN_OR_EQUAL_TO"
STRING, NUMBER, DATE, TIME = "STRING_MATCH", "NUMBER_MATCH", "DATE_MATCH", "TIME_MATCH"


def family(name: str, prompt: str, app: str, rows: Sequence[Mapping[str, str]],
           exclusions: Sequence[Mapping[str, str]], answers: Sequence[Mapping[str, Any]],
           params: Mapping[str, tuple[str, ...]], *, difficulty: str, tags: tuple[str, ...], optimal_steps: int,
           complexity: float = 1.0) -> type[InformationRetrievalTask]:
    """One family's task class, with the metadata AndroidWorld gives it."""
    spec = IRSpec(name=name, prompt=prompt, complexity=complexity, app=app, rows_field=ROW_FIELDS[app],
                  rows=tuple(rows), exclusions=tuple(exclusions), expectations=tuple(answers),
                  params=dict(params))
    return task_class(spec, ADAPTERS[app], __name__,
                      {"difficulty": difficulty, "tags": tags, "optimal_steps": optimal_steps})


def days(month: str, first: int, last: int) -> tuple[str, ...]:
    """Dates as AndroidWorld writes them (``October 15 2023``), ``first`` to ``last`` of ``month`` 2023."""
    return tuple(f"{month} {d} 2023" for d in range(first, last + 1))


# -- Simple Calendar Pro -----------------------------------------------------------------------------------

#: Today (the frozen clock's day, a Sunday) and the two weeks after it.
NEXT_TWO_WEEKS = days("October", 15, 29)
#: Next week, Monday to Sunday.
NEXT_WEEK = days("October", 16, 22)
#: Times of day in the spellings people type.
TIMES = ("7:10am", "8:30am", "9:15am", "10:00am", "11:45am", "12pm", "1:00pm", "13:40", "2:30pm", "3:15pm",
         "4pm", "16:20", "5:45pm", "6:30pm", "7:00pm", "20:15", "21:30", "22:45", "6:00am", "23:15")
#: Later today: the clock reads 15:34, so every one is still to come (AndroidWorld's pool had 12:00am, which
#: is past, and its answer then was not the next event).
LATER_TODAY = ("3:50pm", "16:05", "4:30pm", "16:45", "17:00", "5:45pm", "18:00", "18:20", "6:40pm", "19:00",
               "7:30pm", "20:10", "8:45pm", "21:00", "9:30pm", "22:15", "10:50pm", "23:30")
DURATIONS = ("30 m", "45min", "1 h", "1 hour", "2 hours", "15 minutes", "1.5 hours", "90 min", "20 min", "3 h",
             "25 minutes", "10 min", "50 min", "2.5 hours", "75 minutes", "40 minutes")
EVENT_TITLES = ("Design review", "Sprint retrospective", "Coffee with Marco", "Client onboarding call",
                "Quarterly planning", "Eye exam", "Swim lesson", "Farmers market", "Hackathon kickoff",
                "Wine tasting", "Pottery class", "Open house", "Band rehearsal", "Interview panel",
                "Tax appointment", "Soccer match", "Movie premiere", "Baby shower", "Team offsite",
                "Housewarming party", "Board game night")
#: First names that no noise event's title contains (noise mentioning the person would be another meeting).
PEOPLE = ("Olivia", "Hannah", "Marcus", "Noah", "Grace", "Leah", "Omar", "Chloe", "Ethan", "Zoe", "Ravi",
          "Nina", "Felix", "Sara", "Jonas", "Maya", "Diego", "Ingrid")
#: Answers are split on commas, so none has one.
LOCATIONS = ("Conference Room 3B", "Blue Bottle Coffee", "221 Elm St Springfield", "Riverside Park",
             "City Library", "Zoom", "Google Meet", "Community pool", "Westfield Mall", "Main Street Bistro",
             "Civic Center", "Lakeview Trailhead", "Gallery on 5th", "Office lobby", "Stadium Gate C",
             "Grandma's house", "Rooftop terrace", "Union Station", "Town Hall", "Yoga studio")

SimpleCalendarEventsOnDate = family(
    "SimpleCalendarEventsOnDate",
    "What events do I have {date} in Simple Calendar Pro? Answer with the titles only. If there are multiple "
    "titles, format your answer as a comma separated list.",
    "calendar",
    rows=[{"start_date": "{date}", "start_time": "{time}", "duration": "{duration}", "title": "{title}"}],
    exclusions=[condition("start_date", EQ, "{date}")],
    answers=[answer_field("title", STRING)],
    params={"time": TIMES, "date": NEXT_TWO_WEEKS, "duration": DURATIONS, "title": EVENT_TITLES},
    difficulty="medium", tags=("information_retrieval", "parameterized"), optimal_steps=4,
)

SimpleCalendarNextEvent = family(
    "SimpleCalendarNextEvent",
    "What is my next upcoming event in Simple Calendar Pro? Answer with the title only. If there are multiples "
    "titles, format your answer in a comma separated list.",
    "calendar",
    rows=[{"start_date": "October 15 2023", "start_time": "{time}", "duration": "{duration}", "title": "{title}"}],
    # No noise today between the clock's time (15:34; 15:30 leaves a margin) and the event.
    exclusions=[condition("start_date", EQ, "October 15 2023"), condition("start_time", LE, "{time}"),
                condition("start_time", GE, "15:30")],
    answers=[answer_field("title", STRING)],
    params={"time": LATER_TODAY, "duration": DURATIONS, "title": EVENT_TITLES},
    difficulty="easy", tags=("complex_ui_understanding", "screen_reading", "information_retrieval",
                             "parameterized"), optimal_steps=4,
)

SimpleCalendarEventOnDateAtTime = family(
    "SimpleCalendarEventOnDateAtTime",
    "What is on my schedule for {date} at {time} in Simple Calendar Pro? Answer with the titles only. If there "
    "are multiples titles, format your answer in a comma separated list.",
    "calendar",
    rows=[{"start_date": "{date}", "start_time": "{time}", "title": "{title}", "duration": "{duration}"}],
    exclusions=[condition("start_date", EQ, "{date}"), condition("start_time", EQ, "{time}")],
    answers=[answer_field("title", STRING)],
    params={"date": NEXT_TWO_WEEKS, "time": TIMES, "duration": DURATIONS, "title": EVENT_TITLES},
    difficulty="medium", tags=("information_retrieval", "parameterized"), optimal_steps=3,
)

SimpleCalendarAnyEventsOnDate = family(
    "SimpleCalendarAnyEventsOnDate",
    "Do I have any events {date} in Simple Calendar Pro? Answer with the titles only. If there are multiples "
    "titles, format your answer in a comma separated list.",
    "calendar",
    rows=[{"start_date": "{date}", "start_time": "{time_without_replacement}", "duration": "1 hour",
           "title": "{title_without_replacement}"}] * 3,
    exclusions=[condition("start_date", EQ, "{date}")],
    answers=[answer_field("title", STRING)],
    params={"date": NEXT_TWO_WEEKS, "title": EVENT_TITLES, "time": TIMES},
    difficulty="easy", tags=("information_retrieval", "parameterized"), optimal_steps=4,
)

SimpleCalendarNextMeetingWithPerson = family(
    "SimpleCalendarNextMeetingWithPerson",
    "When is my next meeting with {person} in Simple Calendar Pro? Express your answer in the format <month "
    "name> <day> <year> <hour in 24-hour format>:<minutes>.",
    "calendar",
    rows=[{"start_date": "{date}", "start_time": "{time}", "title": "Drinks with {person}"}],
    exclusions=[condition("title", CONTAINS, "{person}"), condition("start_date", EQ, "{date}")],
    answers=[answer_field("start_date", DATE), answer_field("start_time", TIME)],
    # From tomorrow: AndroidWorld's pool had today with morning times, a meeting already past.
    params={"person": PEOPLE, "date": NEXT_TWO_WEEKS[1:], "time": TIMES},
    difficulty="medium", tags=("information_retrieval", "parameterized"), optimal_steps=5,
)

SimpleCalendarLocationOfEvent = family(
    "SimpleCalendarLocationOfEvent",
    "What is the location of my {title} event in Simple Calendar Pro? Answer with the location only.",
    "calendar",
    rows=[{"start_date": "{date}", "start_time": "{time}", "title": "{title}", "location": "{location}"}],
    exclusions=[condition("title", CONTAINS, "{title}")],
    answers=[answer_field("location", STRING)],
    params={"title": ("Marketing brainstorm", "Lunch with the client", *EVENT_TITLES), "location": LOCATIONS,
            "date": NEXT_TWO_WEEKS, "time": TIMES},
    difficulty="easy", tags=("search", "parameterized"), optimal_steps=4,
)

SimpleCalendarEventsInNextWeek = family(
    "SimpleCalendarEventsInNextWeek",
    "What events do I have in the next week in Simple Calendar Pro? Assume the week starts from Monday. Answer "
    "with the titles only. If there are multiples titles, format your answer in a comma separated list.",
    "calendar",
    rows=[{"start_date": "{date_without_replacement}", "start_time": "{time_without_replacement}",
           "duration": "{duration}", "title": "{title}"},
          {"start_date": "{date_without_replacement}", "start_time": "{time_without_replacement}",
           "title": "{title_without_replacement}"}],
    exclusions=[condition("start_date", LE, "October 22 2023"), condition("start_date", GE, "October 15 2023")],
    answers=[answer_field("title", STRING)],
    params={"date": NEXT_WEEK, "duration": DURATIONS, "title": ("Meet with {person}", *EVENT_TITLES),
            "person": PEOPLE, "time": TIMES},
    difficulty="easy", tags=("data_entry", "parameterized"), optimal_steps=3,
)

SimpleCalendarFirstEventAfterStartTime = family(
    "SimpleCalendarFirstEventAfterStartTime",
    "What is my first event after {time} {date} in Simple Calendar Pro? Answer with the titles only. If there "
    "are multiples titles, format your answer in a comma separated list.",
    "calendar",
    rows=[{"start_date": "{date}", "start_time": "{time}", "duration": "{duration}", "title": "{title}"}],
    exclusions=[condition("start_date", EQ, "{date}"), condition("start_time", GE, "{time}")],
    answers=[answer_field("title", STRING)],
    params={"date": NEXT_TWO_WEEKS,
            "title": ("Sales call", "Client workshop", "Training session", "Project kickoff",
                      "Brainstorming session", "Orthodontist visit", "Car wash", "Library returns", "School pickup",
                      "Tennis practice"),
            "time": ("18:05", "7:40am", "8:15am", "9:45am", "10:30am", "11:00am", "12pm", "1:30pm", "2:10pm",
                     "3:15pm", "4pm", "16:50", "5:20pm", "6:45pm", "7:30pm", "8:00pm", "20:40"),
            "duration": DURATIONS},
    difficulty="easy", tags=("parameterized", "screen_reading"), optimal_steps=2,
)

SimpleCalendarEventsInTimeRange = family(
    "SimpleCalendarEventsInTimeRange",
    "Do I have any events between {start_time} and 8pm {date} in Simple Calendar Pro? Answer with the titles "
    "only. If there are multiples titles, format your answer in a comma separated list.",
    "calendar",
    rows=[{"start_date": "{date}", "start_time": "{start_time}", "duration": "{duration}", "title": "{title}"}],
    exclusions=[condition("start_date", EQ, "{date}"), condition("start_time", GE, "{start_time}"),
                condition("start_time", LE, "8pm")],
    answers=[answer_field("title", STRING)],
    # Every start is before 8pm, so the range is never empty.
    params={"start_time": ("9:00am", "9:30am", "10:15am", "11:00am", "11:40am", "12:30pm", "1:15pm", "2:00pm",
                           "2:45pm", "3:30pm", "4:10pm", "5:00pm", "6:15pm"),
            "date": NEXT_TWO_WEEKS,
            "title": ("Gym session", "Dinner with neighbors", "Happy hour", "Evening walk", "Spin class",
                      "Run by the river", "Cooking class", "Movie with the kids", "Grocery run",
                      "Pick up dry cleaning"),
            "duration": DURATIONS},
    difficulty="easy", tags=("complex_ui_understanding", "screen_reading", "search", "transcription",
                             "information_retrieval", "parameterized"), optimal_steps=2,
)

# -- Tasks ---------------------------------------------------------------------------------------------------

TODO_TITLES = ("Draft the quarterly report", "Review pull requests", "Book the offsite venue",
               "File the expense claim", "Update the project wiki", "Prepare slides for the demo",
               "Email the landlord about the lease", "Order printer ink", "Confirm the catering order",
               "Plan the sprint backlog", "Renew gym membership", "Pay the electricity bill", "Submit timesheet",
               "Reply to the recruiter", "Fix the leaking faucet", "Return library books",
               "Buy a birthday gift for Sam", "Schedule car inspection", "Update resume",
               "Sign the permission slip")
#: The longer list of the families that draw up to six titles.
MORE_TODO_TITLES = (*TODO_TITLES, "Order new running shoes", "Cancel the streaming trial",
                    "Call the insurance company", "Pick up prescription", "Organize photo albums")
TODO_NOTES = ("Needs sign-off from finance.", "Check the shared drive first.", "Ask Dana for the latest numbers.",
              "Bring the receipts.", "Takes about an hour.", "Use the company card.",
              "Follow up if no reply by Friday.", "Reference number is in the email.",
              "Coordinate with the design team.", "Keep it under budget.", "Block time on the calendar.",
              "Do it between meetings.")
#: Tasks' priorities, 0 (high) to 3 (none).
IMPORTANCE = ("0", "1", "2", "3")

TasksDueOnDate = family(
    "TasksDueOnDate",
    "What tasks do I have due {date} in Tasks app? Answer with the titles only. If there are multiples titles, "
    "format your answer in a comma separated list.",
    "tasks_app",
    rows=[{"title": "{title_without_replacement}", "due_date": "{date}",
           "importance": "{importance_without_replacement}", "hide_until_date": hide_date,
           "hide_until_time": hide_time, "notes": "{notes_without_replacement}"}
          for hide_date, hide_time in (("October 10 2023", "8:00"), ("October 9 2023", "10:00"),
                                       ("October 11 2023", "9:00"))],
    exclusions=[condition("due_date", EQ, "{date}")],
    answers=[answer_field("title", STRING)],
    # Each priority twice, so two of the three rows may share one (a draw without replacement removes every
    # copy of the value the ``importance`` parameter itself took).
    params={"date": NEXT_TWO_WEEKS, "importance": IMPORTANCE * 2, "title": TODO_TITLES, "notes": TODO_NOTES},
    difficulty="easy", tags=("search", "parameterized"), optimal_steps=2,
)

TasksHighPriorityTasks = family(
    "TasksHighPriorityTasks",
    "What are my high priority tasks in Tasks app? Answer with the titles only. If there are multiples titles, "
    "format your answer in a comma separated list.",
    "tasks_app",
    rows=[{"title": "{task_title}", "importance": "0", "due_date": "{due_date}", "due_time": "{time}",
           "hide_until_date": "{hide_until_date}", "hide_until_time": "{time}", "notes": "{notes}"}],
    exclusions=[condition("importance", EQ, "0")],
    answers=[answer_field("title", STRING)],
    params={"task_title": TODO_TITLES, "notes": TODO_NOTES, "due_date": NEXT_WEEK, "time": TIMES,
            "hide_until_date": days("October", 10, 15)},
    difficulty="medium", tags=("complex_ui_understanding", "search", "information_retrieval", "transcription",
                               "parameterized"), optimal_steps=2,
)

TasksHighPriorityTasksDueOnDate = family(
    "TasksHighPriorityTasksDueOnDate",
    "Which tasks with high priority are due {date} in the Tasks app? Answer with the title only. If there are "
    "multiples titles, format your answer in a comma separated list.",
    "tasks_app",
    rows=[{"title": "{title}", "importance": "0", "due_date": "{date}", "due_time": "{time}"}],
    exclusions=[condition("due_date", EQ, "{date}"), condition("importance", EQ, "0")],
    answers=[answer_field("title", STRING)],
    params={"date": NEXT_TWO_WEEKS,
            "time": ("8:00am", "9:30am", "11:00am", "12:00pm", "1:45pm", "3:00pm", "4:30pm", "6:00pm", "8:15pm",
                     "11:59pm"),
            "title": ("Launch checklist review", "Submit budget forecast", "Send contract draft",
                      "Security patch rollout", "Investor update email", "Code freeze sign-off",
                      "Board deck review", "Offer letter approval", "Customer escalation call",
                      "Tax filing deadline")},
    difficulty="medium", tags=("information_retrieval", "screen_reading", "parameterized"), optimal_steps=5,
)

TasksDueNextWeek = family(
    "TasksDueNextWeek",
    "How many tasks do I have due next week in Tasks app? Assume the week starts from Monday. Express your "
    "answer as a single integer.",
    "tasks_app",
    rows=[{"title": "{title_without_replacement}", "due_date": "{due_date_without_replacement}",
           "hide_until_date": hide_date, "hide_until_time": hide_time, "notes": "{notes_without_replacement}"}
          for hide_date, hide_time in (("October 10 2023", "8:00"), ("October 9 2023", "10:00"),
                                       *[("October 11 2023", "9:00")] * 4)],
    exclusions=[condition("due_date", LE, "October 22 2023"), condition("due_date", GE, "October 16 2023")],
    answers=[answer_field("tasks_app_tasks", NUMBER, "COUNT")],
    # Six rows take six of next week's seven days (the seventh is the parameter's own draw).
    params={"title": MORE_TODO_TITLES, "notes": TODO_NOTES, "due_date": NEXT_WEEK},
    difficulty="medium", tags=("information_retrieval", "parameterized"), optimal_steps=6,
)

TasksCompletedTasksForDate = family(
    "TasksCompletedTasksForDate",
    "Which tasks have I completed for {date} in Tasks app? Answer with the titles only. If there are multiples "
    "titles, format your answer in a comma separated list.",
    "tasks_app",
    rows=[{"title": "{title_without_replacement}", "due_date": "{date}", "hide_until_date": hide_date,
           "hide_until_time": "{time_without_replacement}", "completed_date": "{completed_date}",
           "completed_time": "{time_without_replacement}", "notes": "{notes_without_replacement}"}
          for hide_date in ("October 10 2023", "October 9 2023", "October 11 2023")],
    exclusions=[condition("due_date", EQ, "{date}")],
    answers=[answer_field("title", STRING)],
    params={"title": MORE_TODO_TITLES, "notes": TODO_NOTES, "date": days("October", 10, 20),
            "completed_date": days("October", 10, 15), "time": TIMES},
    difficulty="medium", tags=("information_retrieval", "search", "parameterized"), optimal_steps=5,
)

TasksIncompleteTasksOnDate = family(
    "TasksIncompleteTasksOnDate",
    "What incomplete tasks do I have still have to do by {date} in Tasks app? Answer with the titles only. If "
    "there are multiples titles, format your answer in a comma separated list.",
    "tasks_app",
    rows=[{"title": "{title_without_replacement}", "importance": "{importance_without_replacement}",
           "due_date": "{date}", "hide_until_date": hide_date, "hide_until_time": "{time_without_replacement}",
           "notes": "{notes_without_replacement}"}
          for hide_date in ("October 10 2023", "October 9 2023", "October 11 2023")],
    exclusions=[condition("due_date", LE, "{date}"), condition("completed_date", EQ, "0")],
    answers=[answer_field("title", STRING)],
    # Three rows take the three priorities the ``importance`` draw leaves.
    params={"title": MORE_TODO_TITLES, "importance": IMPORTANCE, "notes": TODO_NOTES, "date": NEXT_TWO_WEEKS,
            "time": TIMES},
    difficulty="easy", tags=("parameterized", "screen_reading", "information_retrieval"), optimal_steps=2,
)

# -- OpenTracks ------------------------------------------------------------------------------------------------

#: OpenTracks activity types. A noise track counts as one only if its type contains the asked one, and those
#: are excluded, so a type contained in another ("boarding") would only remove more noise.
CATEGORIES = ("running", "cycling", "swimming", "hiking", "walking", "mountain biking", "kayaking", "rowing",
              "skiing", "snow boarding", "inline skating", "sailing")
ACTIVITY_MINUTES = ("15", "20", "25", "30", "35", "40", "45", "50", "60", "70", "75", "80", "90", "100", "110",
                    "120", "135", "150", "180")
METERS = ("150", "400", "650", "900", "1200", "1600", "2000", "2400", "3000", "3500", "4200", "5000", "5800",
          "6500", "7500", "8000", "9200", "10000", "12500", "15000")
#: Starts before 15:34, so no activity of today is still in the future.
START_TIMES = ("6:00am", "6:20am", "6:45am", "7:05am", "7:30am", "7:50am", "8:15am", "8:40am", "9:00am",
               "9:25am", "9:50am", "10:10am", "10:35am", "11:00am", "11:30am", "12:00pm", "12:45pm", "1:20pm",
               "2:00pm", "3:15pm")
ELEVATIONS = ("20", "35", "50", "65", "80", "100", "120", "150", "180", "210", "250", "300", "350", "420", "500",
              "600", "750", "900", "1100", "1300")
ACTIVITY_NAMES = ("Felt strong today", "Legs were heavy", "Easy recovery", "Sunset session", "Early bird",
                  "Personal best attempt", "With the club", "New route", "Windy one", "Rainy but fun",
                  "Long and slow", "Intervals", "Before work", "Lunchtime outing", "Weekend adventure")
ACTIVITY_DESCRIPTIONS = ("Clear skies the whole way.", "Headwind on the way back.", "Tried the new shoes.",
                         "Kept a steady pace.", "Stopped for coffee halfway.", "Went with friends from work.",
                         "Explored a trail I had never taken.", "Focused on form rather than speed.",
                         "Cold start, warmed up after a while.", "Crowded at first, quiet later.",
                         "Drizzle most of the time.", "Finished just before dark.")
#: Monday to today (a Sunday): "this week".
THIS_WEEK = days("October", 9, 15)
#: What every OpenTracks family draws besides its own parameters (a track's other fields).
TRACK = {"category": CATEGORIES, "duration": ACTIVITY_MINUTES, "distance": METERS, "start_time": START_TIMES,
         "elevation": ELEVATIONS, "activity_name": ACTIVITY_NAMES, "activity_description": ACTIVITY_DESCRIPTIONS}


def track(*, start_date: str, category: str = "{category}", name: str = "{activity_name_without_replacement}",
          description: str = "{activity_description_without_replacement}",
          start_time: str = "{start_time_without_replacement}", duration: str = "{duration_without_replacement}",
          distance: str = "{distance_without_replacement}") -> dict[str, str]:
    """An OpenTracks row; fields not given take fresh values of their pools."""
    return {"name": name, "description": description, "start_date": start_date, "start_time": start_time,
            "category": category, "duration": duration, "total_distance": distance,
            "elevation_gain": "{elevation_without_replacement}", "elevation_loss": "{elevation_without_replacement}"}


SportsTrackerActivitiesOnDate = family(
    "SportsTrackerActivitiesOnDate",
    "What activities did I do {date} in the OpenTracks app? Answer with the activity type only. If there are "
    "multiple types, format your answer in a comma separated list.",
    "sports_activity_app",
    rows=[track(start_date="{date}", category="{category_without_replacement}")] * 2,
    exclusions=[condition("start_date", EQ, "{date}")],
    answers=[answer_field("category", STRING)],
    params={"date": days("September", 24, 30) + days("October", 1, 13), **TRACK},
    complexity=2, difficulty="hard", tags=("search", "complex_ui_understanding", "screen_reading",
                                           "information_retrieval", "transcription", "parameterized"),
    optimal_steps=10,
)

SportsTrackerActivitiesCountForWeek = family(
    "SportsTrackerActivitiesCountForWeek",
    "How many {category} activities did I do this week in the OpenTracks app? Assume the week starts from "
    "Monday. Express your answer as a single integer.",
    "sports_activity_app",
    rows=[track(start_date="{start_date_without_replacement}")] * 2,
    exclusions=[condition("category", CONTAINS, "{category}"), condition("start_date", LE, "October 15 2023"),
                condition("start_date", GE, "October 9 2023")],
    answers=[answer_field("sports_activities", NUMBER, "COUNT")],
    params={"start_date": THIS_WEEK, **TRACK},
    difficulty="easy", tags=("search", "requires_setup", "parameterized"), optimal_steps=3,
)

SportsTrackerActivityDuration = family(
    "SportsTrackerActivityDuration",
    "How long was my {category} activity {date} in the OpenTracks app? Express your answer in minutes as a "
    "single integer.",
    "sports_activity_app",
    rows=[track(start_date="{date}", name="{activity_name}", description="{activity_description}",
                start_time="{start_time}", duration="{duration}", distance="{distance}")],
    exclusions=[condition("start_date", EQ, "{date}"), condition("category", CONTAINS, "{category}")],
    answers=[answer_field("duration", NUMBER)],
    params={"date": days("October", 5, 15), **TRACK},
    difficulty="easy", tags=("information_retrieval", "parameterized"), optimal_steps=6,
)

SportsTrackerLongestDistanceActivity = family(
    "SportsTrackerLongestDistanceActivity",
    "What was the longest distance covered in a {category} activity in the OpenTracks app this week? Assume the "
    "week starts from Monday. Express your answer as a single number in meters rounded to the nearest integer.",
    "sports_activity_app",
    rows=[track(start_date="{start_date_without_replacement}", distance="{distance}")],
    exclusions=[condition("category", CONTAINS, "{category}"), condition("total_distance", GE, "{distance}"),
                condition("start_date", LE, "October 15 2023"), condition("start_date", GE, "October 9 2023")],
    answers=[answer_field("total_distance", NUMBER, tolerance=10)],
    params={"start_date": THIS_WEEK, **TRACK},
    difficulty="easy", tags=("parameterized", "screen_reading", "information_retrieval", "math_counting"),
    optimal_steps=2,
)

SportsTrackerTotalDurationForCategoryThisWeek = family(
    "SportsTrackerTotalDurationForCategoryThisWeek",
    "What was the total duration of {category} activities in the OpenTracks app this week? Assume the week "
    "starts from Monday. Express your answer in minutes as a single integer.",
    "sports_activity_app",
    rows=[track(start_date="{start_date_without_replacement}")] * 2,
    exclusions=[condition("category", CONTAINS, "{category}"), condition("start_date", LE, "October 15 2023"),
                condition("start_date", GE, "October 9 2023")],
    answers=[answer_field("duration", NUMBER, "SUM")],
    params={"start_date": THIS_WEEK, **TRACK},
    difficulty="hard", tags=("math_counting", "search", "parameterized"), optimal_steps=8,
)

SportsTrackerTotalDistanceForCategoryOverInterval = family(
    "SportsTrackerTotalDistanceForCategoryOverInterval",
    "What was the total distance covered for {category} activities in the OpenTracks app from {start_date} to "
    "{end_date}? Express your answer as a single number in meters rounded to the nearest integer.",
    "sports_activity_app",
    rows=[track(start_date="{start_date}")] * 2,
    exclusions=[condition("category", CONTAINS, "{category}"), condition("start_date", GE, "{start_date}"),
                condition("start_date", LE, "{end_date}")],
    answers=[answer_field("total_distance", NUMBER, "SUM", tolerance=10)],
    params={"start_date": days("October", 1, 9), "end_date": days("October", 10, 15), **TRACK},
    complexity=2, difficulty="hard", tags=("search", "parameterized", "math_counting"), optimal_steps=11,
)

# -- Joplin ------------------------------------------------------------------------------------------------

#: Bodies of recipe notes; no ingredient of INGREDIENTS appears in them but the asked one.
RECIPE_BODIES = (
    "Ingredients:\n- 2 cups whole wheat flour\n- 1 cup blueberries\n- {ingredient_quantity} {ingredient}\n"
    "- 1 egg\n- 3/4 cup buttermilk\n\nInstructions:\n1. Heat the oven to 375°F (190°C).\n"
    "2. Whisk the dry ingredients, then fold in the wet ones.\n3. Fill a muffin tin and bake 22 minutes.\n",
    "Ingredients:\n- {ingredient_quantity} {ingredient}\n- 1 1/2 cups arborio rice\n- 4 cups vegetable stock\n"
    "- 8 oz cremini mushrooms\n- 1/2 cup grated parmesan\n\nInstructions:\n"
    "1. Brown the mushrooms and set them aside.\n2. Toast the rice, then add stock a ladle at a time.\n"
    "3. Stir in the mushrooms and parmesan; rest 2 minutes.\n",
    "Ingredients:\n- 1 can coconut milk\n- 2 tablespoons green curry paste\n- 1 lb chicken thighs\n"
    "- {ingredient_quantity} {ingredient}\n- 1 cup snap peas\n- 1 handful Thai basil\n\nInstructions:\n"
    "1. Fry the curry paste in a little coconut cream.\n2. Add the chicken, milk and peas; simmer 15 minutes.\n"
    "3. Finish with basil and serve over jasmine rice.\n",
    "Ingredients:\n- 6 eggs\n- 1 can crushed tomatoes\n- 1 red bell pepper\n- 1 onion\n"
    "- {ingredient_quantity} {ingredient}\n- 1/2 cup crumbled feta\n\nInstructions:\n"
    "1. Soften the onion and pepper in olive oil.\n2. Add the tomatoes and simmer until thick.\n"
    "3. Crack in the eggs, cover and cook until set; top with feta.\n",
    "Ingredients:\n- 2 cups rolled oats\n- 1/2 cup peanut butter\n- 1/3 cup honey\n"
    "- {ingredient_quantity} {ingredient}\n- 1/2 cup dark chocolate chips\n\nInstructions:\n"
    "1. Warm the peanut butter and honey together.\n2. Stir in the oats and the rest.\n"
    "3. Press into a lined pan, chill 2 hours and cut into bars.\n",
    "Ingredients:\n- 1 zucchini\n- 2 carrots\n- 1 can cannellini beans\n- 1 cup small pasta\n"
    "- 6 cups vegetable broth\n- {ingredient_quantity} {ingredient}\n\nInstructions:\n"
    "1. Sweat the vegetables for 10 minutes.\n2. Add broth and beans; simmer 20 minutes.\n"
    "3. Cook the pasta in the soup until tender.\n",
    "Ingredients:\n- 2 cups cooked chickpeas\n- 1/2 cup chopped parsley\n- 2 cloves garlic\n"
    "- {ingredient_quantity} {ingredient}\n- 4 flatbreads\n\nInstructions:\n"
    "1. Pulse the chickpeas, parsley and garlic into a coarse paste.\n2. Shape small patties and fry until crisp.\n"
    "3. Wrap in flatbread with salad and yogurt sauce.\n",
    "Ingredients:\n- 1 cup rolled oats\n- 1 cup almond milk\n- {ingredient_quantity} {ingredient}\n"
    "- 1/2 cup Greek yogurt\n- 1 handful raspberries\n\nInstructions:\n1. Stir everything but the berries.\n"
    "2. Cover and refrigerate overnight.\n3. Top with raspberries in the morning.\n",
)
#: Ingredients asked about: none is in any body above, so the recipe names one quantity for it.
INGREDIENTS = ("flaxseed meal", "coconut flakes", "chia seeds", "sunflower seeds", "dried cranberries",
               "cacao nibs", "pumpkin seeds", "pearl barley", "psyllium husk", "nutritional yeast",
               "smoked paprika", "maple syrup", "pine nuts", "sesame seeds")
#: Bodies of meeting notes, each saying how many attended.
MEETING_BODIES = (
    "Notes:\n- Walked through the launch timeline\n- Agreed owners for open items\n- {attendee_count} people "
    "attended\n",
    "Minutes:\n- Reviewed last quarter's numbers\n- Raised two risks for the roadmap\n- {attendee_count} attendees "
    "were present\n",
    "Summary:\n- Demoed the new onboarding flow\n- Collected feedback from support\n- Attended by "
    "{attendee_count} participants\n",
    "Recap:\n- Prioritized the bug backlog\n- Moved the release by one week\n- {attendee_count} people were "
    "present\n",
    "Notes:\n- Compared three vendor proposals\n- Shortlisted two for a pilot\n- {attendee_count} attendees "
    "joined\n",
    "Minutes:\n- Approved the hiring plan\n- Discussed the office move\n- {attendee_count} individuals attended\n",
    "Highlights:\n- Celebrated the customer wins\n- Set goals for next month\n- {attendee_count} participants "
    "were present\n",
    "Outcome:\n- Root cause identified and fixed\n- Follow-ups assigned with dates\n- {attendee_count} people "
    "joined the call\n",
    "Agenda and notes:\n- Budget status\n- Staffing for Q1\n- Open questions\n- {attendee_count} attendees in the "
    "room\n",
    "Discussion:\n- Pricing options for the new tier\n- Messaging for the announcement\n- {attendee_count} people "
    "attended\n",
    "Action items:\n- Update the runbook\n- Schedule a dry run\n- Share the slides\n- {attendee_count} "
    "participants attended\n",
    "Review:\n- What went well, what did not\n- Two experiments for next sprint\n- {attendee_count} team members "
    "were present\n",
)
#: Notebooks.
FOLDERS = ("Personal", "Work", "School", "Home", "Projects", "Ideas", "Finance", "Health", "Travel", "Hobbies")

NotesRecipeIngredientCount = family(
    "NotesRecipeIngredientCount",
    "What quantity of {ingredient} do I need for the recipe '{title}' in the Joplin app? Express your answer in "
    "the format <amount> <unit> where both the amount and unit exactly match the format in the recipe.",
    "notes_app",
    rows=[{"folder": "Recipes", "title": "{title}", "body": "{body}", "is_todo": "false"}],
    exclusions=[condition("title", CONTAINS, "{title}")],
    answers=[answer_value("{ingredient_quantity}", STRING)],
    params={"title": ("Blueberry Muffins", "Mushroom Risotto", "Thai Green Curry", "Shakshuka", "Granola Bars",
                      "Minestrone", "Falafel Wraps", "Overnight Oats", "Veggie Chili", "Pumpkin Pie"),
            "ingredient_quantity": ("1 cup", "2 cups", "1/2 cup", "1/3 cup", "3/4 cup", "1 tablespoon",
                                    "3 tablespoons", "1 teaspoon", "2 teaspoons", "1/4 teaspoon"),
            "ingredient": INGREDIENTS, "body": RECIPE_BODIES},
    difficulty="easy", tags=("search", "parameterized"), optimal_steps=2,
)

NotesMeetingAttendeeCount = family(
    "NotesMeetingAttendeeCount",
    "How many attendees were present in the meeting titled '{title}' in the Joplin app? Express your answer as "
    "just a single number.",
    "notes_app",
    rows=[{"folder": "Meeting Notes", "title": "{title}", "body": "{body}", "is_todo": "false"}],
    exclusions=[condition("title", CONTAINS, "{title}")],
    answers=[answer_value("{attendee_count}", NUMBER)],
    params={"title": ("Weekly Engineering Sync", "Q3 Business Review", "Website Redesign Kickoff",
                      "Annual Budget Planning", "Partner Integration Check-in", "Mobile Roadmap Alignment",
                      "Holiday Campaign Planning", "Sprint 42 Retrospective", "Customer Advisory Board",
                      "Leadership Offsite Debrief", "Revenue Forecast Session", "Beta Launch Readiness",
                      "New Hire Orientation", "Supplier Contract Negotiation", "Data Privacy Workshop",
                      "Support Escalation Sync", "Hiring Committee", "Infrastructure Cost Planning",
                      "Quarterly Town Hall", "Security Incident Postmortem"),
            "attendee_count": ("3", "4", "6", "7", "8", "9", "11", "12", "14", "16", "18", "21", "24", "27", "30",
                               "35", "40", "45", "60", "85"),
            "body": MEETING_BODIES},
    difficulty="easy", tags=("search", "parameterized"), optimal_steps=3,
)

NotesIsTodo = family(
    "NotesIsTodo",
    "Is the note titled '{title}' in the Joplin app marked as a todo item? Respond with either 'True' if it is a "
    "todo or 'False' if not.",
    "notes_app",
    rows=[{"title": "{title}", "is_todo": "{is_todo}", "folder": "{folder}", "body": "{body}"}],
    exclusions=[condition("title", EQ, "{title}")],
    answers=[answer_value("{is_todo}", STRING)],
    params={"title": ("Weekly Groceries", "Conference Agenda", "Grant Proposal", "Gratitude Journal", "Errands",
                      "Thesis Research", "Road Trip Plan", "Cookie Recipes", "Household Budget",
                      "Onboarding Guide"),
            "is_todo": ("True", "False"),
            "body": ("Oat milk, apples, rice, coffee beans and dish soap.", "Keynote at 9, workshops after lunch.",
                     "Send the draft to Prof. Kim before the deadline.", "Three good things about today.",
                     "Post office, pharmacy, pick up the bike from repair.",
                     "Collect sources for chapter two and summarize them.",
                     "Stops: the canyon, the lake town, the coast road.", "Grandma's oatmeal cookies and ginger snaps.",
                     "Rent, utilities, groceries and savings for the month.",
                     "Accounts to set up and people to meet in week one."),
            "folder": FOLDERS},
    difficulty="easy", tags=("information_retrieval", "parameterized"), optimal_steps=2,
)

NotesTodoItemCount = family(
    "NotesTodoItemCount",
    "How many to-dos do I have in the '{folder}' folder in the Joplin app? Express your answer as just a single "
    "number.",
    "notes_app",
    rows=[{"folder": "{folder}", "title": "{title_without_replacement}", "body": "{body_without_replacement}",
           "is_todo": "True"}] * 3,
    exclusions=[condition("is_todo", EQ, "True"), condition("folder", EQ, "{folder}")],
    answers=[answer_field("is_todo", NUMBER, "COUNT")],
    params={"folder": FOLDERS,
            "title": ("Shopping List", "Sprint Tasks", "Fitness Goals", "Chores", "Exam Prep", "Dinner Menu",
                      "Bills To Pay", "Doctor Visits", "Trip Bookings", "Repairs"),
            "body": ("Bread, tomatoes, cheese and a bottle of olive oil.", "Finish the API review and close stale "
                     "tickets.", "Run three times a week and stretch every morning.",
                     "Vacuum, laundry, take out the recycling.", "Past papers for chapters 3 to 6.",
                     "Soup on Monday, tacos on Wednesday, pizza on Friday.", "Phone, internet and the water bill.",
                     "Book a check-up and renew the prescription.", "Train tickets and a hostel for two nights.",
                     "Patch the wall and replace the hallway bulb.")},
    difficulty="medium", tags=("information_retrieval", "math_counting", "parameterized"), optimal_steps=5,
)
