"""Expands RRULEs with python-dateutil and places each wall time with zoneinfo.

Reads a JSON list of {"dtstart", "rrule", "timezone", "max", "until"} on stdin and writes the
instants (ISO, UTC) of each on stdout. dateutil expands in naive (floating) wall times; zoneinfo
then gives each its instant with fold=0 (PEP 495): the first of a repeated wall time, and for a
skipped one the offset in force before the gap, which is RFC 5545's rule (section 3.3.5).
"""

import json
import re
import sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr

ICS = "%Y%m%dT%H%M%S"


def expand(case):
    zone = ZoneInfo(case["timezone"])
    start = datetime.strptime(case["dtstart"].rsplit(":", 1)[1].rstrip("Z"), ICS)
    rule = case["rrule"].removeprefix("RRULE:")
    until = re.search(r"UNTIL=(\d{8}T\d{6})Z", rule)
    if until:
        # A UTC UNTIL becomes its wall time in the zone, as the rule runs on wall times.
        instant = datetime.strptime(until.group(1), ICS).replace(tzinfo=timezone.utc)
        wall = instant.astimezone(zone).replace(tzinfo=None)
        rule = rule.replace(until.group(0), "UNTIL=" + wall.strftime(ICS))
    limit = datetime.fromisoformat(case["until"].replace("Z", "+00:00"))
    instants = []
    for wall in rrulestr(rule, dtstart=start):
        if len(instants) >= case["max"]:
            break
        instant = wall.replace(tzinfo=zone).astimezone(timezone.utc)
        if instant > limit:
            break
        instants.append(instant.strftime("%Y-%m-%dT%H:%M:%S.000Z"))
    return instants


json.dump([expand(case) for case in json.load(sys.stdin)], sys.stdout)
