"""The matrix harness for the openapi-python-client client generated into $WORK/client.

Prints one `RESULT <check> pass|fail <detail>` line per check: filters, paging and auth401 against the
plain sandbox, the same with the `evolve-` prefix against the evolving one, then vectors against the
recorder (tools/generators/README.md). Basic auth is the client's own: AuthenticatedClient with prefix
"Basic" and the base64 credentials as the token. A parameter left out is left to the client, which sends
limit, offset, orderBy and ascending with the spec's defaults.
"""
import base64
import datetime
import inspect
import json
import os
import re
import sys
import traceback
import urllib.parse
import urllib.request


sys.path.insert(0, os.environ["WORK"])
from client import AuthenticatedClient  # noqa: E402
from client.api.configuration import get_configuration  # noqa: E402
from client.api.payments import list_payments  # noqa: E402
from client.models.known_payment_status import KnownPaymentStatus  # noqa: E402
from client.types import UNSET  # noqa: E402

USER_AGENT = "merchant-ordering-generator-matrix/1.0 (Python; openapi-python-client)"
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
    print(f"RESULT {check} {'pass' if passed else 'fail'} {detail}".rstrip(), flush=True)


def make_client(base_url, merchant_id, secret_key):
    token = base64.b64encode(f"{merchant_id}:{secret_key}".encode()).decode()
    return AuthenticatedClient(base_url=base_url, token=token, prefix="Basic")


def date_argument(name, value):
    """The spec's date parameters come out as str (pattern only) or datetime (format: date-time)."""
    annotation = str(inspect.signature(list_payments.sync_detailed).parameters[name].annotation)
    return datetime.datetime.fromisoformat(value) if "datetime" in annotation else value


def list_arguments(params):
    arguments = {}
    for name, value in params.items():
        snake = LIST_PARAMS[name]
        if name in ("toCreatedDate", "fromCreatedDate"):
            value = date_argument(snake, value)
        elif name == "orderBy":
            value = list_payments.ListPaymentsOrderBy(value)
        elif isinstance(value, str) and name in ("tokens", "ids", "merchantReferences", "statuses"):
            value = [value]  # a typed client takes a list; one value is a one-item list
        arguments[snake] = value
    return arguments


def list_page(client, **params):
    response = list_payments.sync_detailed(client=client, user_agent=USER_AGENT, **list_arguments(params))
    return response.status_code, response.parsed


def check_filters(check, client, expected_total):
    statuses = os.environ["FILTER_STATUSES"].split(",")
    since = os.environ["FILTER_FROM"]
    # How a caller writes it: statuses=[KnownPaymentStatus.APPROVED, "ON_HOLD"] (the enum is a str).
    status, page = list_page(client, statuses=statuses, fromCreatedDate=since, limit=250)
    if status != 200:
        return report(check, False, f"status {status}")
    bound = datetime.datetime.fromisoformat(since)
    wrong = [p.id for p in page.results if str(p.status) not in statuses or p.created < bound]
    known = ", ".join(value.value for value in KnownPaymentStatus)
    detail = f"totalResults {page.total_results} ({expected_total} sent as documented), {len(page.results)} on the page; known statuses offered: {known}"
    ok = not wrong and page.results and page.total_results == expected_total
    report(check, ok, detail + (f"; outside the filter: {wrong[:5]}" if wrong else ""))


def check_paging(check, client):
    seen, offset, total, pages = [], 0, None, 0
    while total is None or offset < total:
        status, page = list_page(client, limit=50, offset=offset)
        if status != 200:
            return report(check, False, f"status {status} at offset {offset}")
        total, pages = page.total_results, pages + 1
        if not page.results:
            break
        seen += [p.id for p in page.results]
        offset += len(page.results)
    ok = len(seen) == total and len(set(seen)) == total
    report(check, ok, f"{len(seen)} payments ({len(set(seen))} distinct) in {pages} pages of 50, totalResults {total}")


def check_auth401(check, base_url):
    client = make_client(base_url, os.environ["MERCHANT_ID"], "not-the-secret-key")
    status, error = list_page(client)
    error_code = getattr(error, "error_code", None)
    error_id = getattr(error, "error_id", None)
    ok = status == 401 and bool(error_code) and bool(error_id)
    report(check, ok, f"status {status}, errorCode {error_code!r}, errorId {error_id!r}")


def compared(recorder_url, expected):
    """The recorder's reading of the last query against the expected one (decoded pairs, query-pairs.mjs)."""
    with urllib.request.urlopen(f"{recorder_url}/__recorded/last?expected={urllib.parse.quote(expected, safe='')}") as response:
        return json.load(response)


def send_vector(client, case):
    if case["operation"] == "getConfiguration":
        include = case["params"].get("include", UNSET)
        if isinstance(include, str):
            include = [include]  # known values or any other string: list[ConfigurationIncludeType0 | str]
        get_configuration.sync_detailed(client=client, include=include, user_agent=USER_AGENT)
    else:
        list_page(client, **case["params"])


WHOLE_SECONDS = re.compile(r"T\d{2}:\d{2}:\d{2}(Z|[+-])")


def corrects_input(case):
    """Our client inserts .000 into a date given without fractional seconds; a generated client sends it as given."""
    return any(WHOLE_SECONDS.search(str(case["params"].get(name, ""))) for name in ("fromCreatedDate", "toCreatedDate"))


def check_vectors(recorder_url):
    cases = json.load(open(os.environ["VECTORS"], encoding="utf-8"))["cases"]
    client = make_client(recorder_url, os.environ["MERCHANT_ID"], os.environ["SECRET_KEY"])
    corrections = [case for case in cases if "query" in case and corrects_input(case)]
    sendable = [case for case in cases if "query" in case and not corrects_input(case)]
    mismatches = []
    defaults = set()
    for case in sendable:
        try:
            send_vector(client, case)
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


def main():
    checks = []
    for prefix, url, total in (("", "SANDBOX_URL", "FILTER_TOTAL"), ("evolve-", "EVOLVING_SANDBOX_URL", "EVOLVING_FILTER_TOTAL")):
        base_url = os.environ[url]
        sandbox = make_client(base_url, os.environ["MERCHANT_ID"], os.environ["SECRET_KEY"])
        checks += [
            (f"{prefix}filters", lambda p=prefix, s=sandbox, t=int(os.environ[total]): check_filters(f"{p}filters", s, t)),
            (f"{prefix}paging", lambda p=prefix, s=sandbox: check_paging(f"{p}paging", s)),
            (f"{prefix}auth401", lambda p=prefix, u=base_url: check_auth401(f"{p}auth401", u)),
        ]
    checks.append(("vectors", lambda: check_vectors(os.environ["RECORDER_URL"])))
    for name, run in checks:
        try:
            run()
        except Exception as error:
            traceback.print_exc(file=sys.stderr)
            report(name, False, f"{type(error).__name__}: {error}".replace("\n", " "))


main()
