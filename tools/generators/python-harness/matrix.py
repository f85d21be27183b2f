"""What every Python harness of the matrix shares (tools/generators/README.md): the RESULT line, the
recorder's reading of a query, the vectors check around a target's own way of sending one, and the run
of every check against the plain sandbox, the evolving one and the recorder.
"""
import json
import os
import re
import sys
import traceback
import urllib.parse
import urllib.request


# List Payments' query parameters: the vectors' names and the snake_case names Python clients take.
LIST_PARAMS = {
    "toCreatedDate": "to_created_date",
    "fromCreatedDate": "from_created_date",
    "limit": "limit",
    "offset": "offset",
    "tokens": "tokens",
    "ids": "ids",
    "merchantReferences": "merchant_references",
    "statuses": "statuses",
    "orderBy": "order_by",
    "ascending": "ascending",
}


def report(check, passed, detail=""):
    print(f"RESULT {check} {'pass' if passed else 'fail'} {detail}".rstrip().replace("\n", " "), flush=True)


def compared(recorder_url, expected):
    """The recorder's reading of the last query against the expected one (decoded pairs, query-pairs.mjs)."""
    with urllib.request.urlopen(f"{recorder_url}/__recorded/last?expected={urllib.parse.quote(expected, safe='')}") as response:
        return json.load(response)


WHOLE_SECONDS = re.compile(r"T\d{2}:\d{2}:\d{2}(Z|[+-])")


def corrects_input(case):
    """Our client inserts .000 into a date given without fractional seconds; a generated client sends it as given."""
    return any(WHOLE_SECONDS.search(str(case["params"].get(name, ""))) for name in ("fromCreatedDate", "toCreatedDate"))


def check_vectors(recorder_url, send):
    """Sends every vector that has a query through send(case) to the recorder and reports "vectors"."""
    cases = json.load(open(os.environ["VECTORS"], encoding="utf-8"))["cases"]
    corrections = [case for case in cases if "query" in case and corrects_input(case)]
    sendable = [case for case in cases if "query" in case and not corrects_input(case)]
    mismatches, defaults = [], set()
    for case in sendable:
        try:
            send(case)
            last = compared(recorder_url, case["query"])
        except Exception as error:  # a vector the client cannot send at all is a mismatch, named
            mismatches.append(f'"{case["name"]}": {type(error).__name__}: {error}')
            continue
        defaults.update(last["defaultsSent"])
        if not last["samePairs"]:
            mismatches.append(f'"{case["name"]}": {last["difference"]} (sent {last["rawQuery"]!r})')
    refusals = len(cases) - len(sendable) - len(corrections)
    detail = (
        f"{len(sendable) - len(mismatches)}/{len(sendable)} queries read as the vector's (decoded pairs, repeated values in order); "
        f"{refusals} refusal vectors and {len(corrections)} input-correction vectors (.000 inserted) n/a (a generated client sends what it is given)"
    )
    if defaults:
        detail += f"; sends the spec's defaults when they are left out ({', '.join(sorted(defaults))}), which the service applies anyway"
    report("vectors", not mismatches, detail + ("; " + "; ".join(mismatches) if mismatches else ""))


def run_checks(filters, paging, auth401, vectors):
    """filters(check, base_url, expected_total), paging(check, base_url) and auth401(check, base_url) against
    both sandboxes, then vectors(recorder_url); a check that raises is reported as failed."""
    checks = []
    for prefix, url, total in (("", "SANDBOX_URL", "FILTER_TOTAL"), ("evolve-", "EVOLVING_SANDBOX_URL", "EVOLVING_FILTER_TOTAL")):
        base_url, expected = os.environ[url], int(os.environ[total])
        checks += [
            (f"{prefix}filters", lambda c=f"{prefix}filters", u=base_url, t=expected: filters(c, u, t)),
            (f"{prefix}paging", lambda c=f"{prefix}paging", u=base_url: paging(c, u)),
            (f"{prefix}auth401", lambda c=f"{prefix}auth401", u=base_url: auth401(c, u)),
        ]
    checks.append(("vectors", lambda: vectors(os.environ["RECORDER_URL"])))
    for name, run in checks:
        try:
            run()
        except Exception as error:
            traceback.print_exc(file=sys.stderr)
            report(name, False, f"{type(error).__name__}: {error}")
