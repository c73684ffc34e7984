"""Expands a calendar's events with python's icalendar and recurring-ical-events.

Reads {"ics", "from", "to"} (ISO instants) as JSON on stdin and writes {"occurrences": [{"uid",
"start"}], "zoneMismatches": [...]} on stdout. An IANA TZID is read from the system's zone data
by its name (as icalendar does for a name it knows), not from the calendar's VTIMEZONE; each
VTIMEZONE is then checked on its own: its offsets, from icalendar's to_tz(), must equal the named
zone's at every occurrence and at every six hours of the span.
"""

import json
import sys
from datetime import datetime, timedelta, timezone

import icalendar
import pytz
import recurring_ical_events


def instant(value):
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def main():
    request = json.load(sys.stdin)
    calendar = icalendar.Calendar.from_ical(request["ics"])
    start, end = instant(request["from"]), instant(request["to"])
    occurrences = []
    for event in recurring_ical_events.of(calendar).between(start, end):
        at = event["DTSTART"].dt.astimezone(timezone.utc)
        occurrences.append({"uid": str(event["UID"]), "start": at.strftime("%Y-%m-%dT%H:%M:%S.000Z")})

    mismatches = []
    probes = [instant(o["start"]) for o in occurrences]
    probe = start
    while probe < end:
        probes.append(probe)
        probe += timedelta(hours=6)
    for component in calendar.walk("VTIMEZONE"):
        tzid = str(component["TZID"])
        defined, named = component.to_tz(), pytz.timezone(tzid)
        for at in probes:
            if at.astimezone(defined).utcoffset() != at.astimezone(named).utcoffset():
                mismatches.append(f"{tzid} at {at.isoformat()}")
    json.dump({"occurrences": occurrences, "zoneMismatches": mismatches}, sys.stdout)


main()
