"""The matrix harness for the openapi-python-client client generated into $WORK/client.

Prints one `RESULT <check> pass|fail <detail>` line per check (filters, paging, auth401, vectors).
Settings a user needs, and which this harness applies as a user would (see meta.json):
- Basic auth: AuthenticatedClient with prefix "Basic" and the base64 credentials as the token.
- Spaces: httpx writes a space in a query value as `+`; a request hook re-encodes it as `%20` (a literal
  `+` is already `%2B`, so every `+` left in the query is a space).
- Defaults: limit, offset, orderBy and ascending default to the spec's defaults and are sent unless the
  caller passes UNSET, so the harness passes UNSET for every parameter a vector leaves out.
"""
import base64
import datetime
import inspect
import json
import os
import re
import sys
import traceback
import urllib.request

import httpx

sys.path.insert(0, os.environ["WORK"])
from client import AuthenticatedClient  # noqa: E402
from client.api.configuration import get_configuration  # noqa: E402
from client.api.payments import list_payments  # noqa: E402
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


def spaces_as_percent20(request: httpx.Request) -> None:
    query = request.url.query.decode("ascii")
    if "+" in query:
        request.url = request.url.copy_with(query=query.replace("+", "%20").encode("ascii"))


def make_client(base_url, merchant_id, secret_key):
    token = base64.b64encode(f"{merchant_id}:{secret_key}".encode()).decode()
    return AuthenticatedClient(
        base_url=base_url,
        token=token,
        prefix="Basic",
        httpx_args={"event_hooks": {"request": [spaces_as_percent20]}},
    )


def date_argument(name, value):
    """The spec's date parameters come out as str (pattern only) or datetime (format: date-time)."""
    annotation = str(inspect.signature(list_payments.sync_detailed).parameters[name].annotation)
    return datetime.datetime.fromisoformat(value) if "datetime" in annotation else value


def list_arguments(params):
    """Every list parameter the vector leaves out is UNSET, so no default goes out."""
    arguments = {snake: UNSET for snake in LIST_PARAMS.values()}
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


def check_filters(client):
    since = "2019-01-01T09:00:00.000+11:00"
    status, page = list_page(client, statuses=["APPROVED", "DECLINED"], fromCreatedDate=since, limit=250)
    if status != 200:
        return report("filters", False, f"status {status}")
    bound = datetime.datetime.fromisoformat(since)
    wrong = [p.id for p in page.results if str(p.status) not in ("APPROVED", "DECLINED") or p.created < bound]
    if wrong or not page.results:
        return report("filters", False, f"{len(page.results)} results, not matching: {wrong[:5]}")
    report("filters", True, f"200, {len(page.results)} of {page.total_results} payments, all APPROVED/DECLINED and created since {since}")


def check_paging(client):
    seen, offset, total, pages = [], 0, None, 0
    while total is None or offset < total:
        status, page = list_page(client, limit=50, offset=offset)
        if status != 200:
            return report("paging", False, f"status {status} at offset {offset}")
        total, pages = page.total_results, pages + 1
        if not page.results:
            break
        seen += [p.id for p in page.results]
        offset += len(page.results)
    ok = len(seen) == total and len(set(seen)) == total
    report("paging", ok, f"{len(seen)} payments ({len(set(seen))} distinct) in {pages} pages of 50, totalResults {total}")


def check_auth401(base_url):
    client = make_client(base_url, os.environ["MERCHANT_ID"], "not-the-secret-key")
    status, error = list_page(client)
    error_code = getattr(error, "error_code", None)
    error_id = getattr(error, "error_id", None)
    ok = status == 401 and bool(error_code) and bool(error_id)
    report("auth401", ok, f"status {status}, errorCode {error_code!r}, errorId {error_id!r}")


def recorded_query(recorder_url):
    with urllib.request.urlopen(f"{recorder_url}/__recorded/last") as response:
        return json.load(response)["rawQuery"]


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
    for case in sendable:
        try:
            send_vector(client, case)
            sent = recorded_query(recorder_url)
        except Exception as error:  # a vector the client cannot send at all is a mismatch, named
            sent = f"<{type(error).__name__}: {error}>"
        if sent != case["query"]:
            mismatches.append(f'"{case["name"]}": sent {sent!r}, expected {case["query"]!r}')
    refusals = len(cases) - len(sendable) - len(corrections)
    detail = (
        f"{len(sendable) - len(mismatches)}/{len(sendable)} sent as expected; {refusals} refusal vectors and {len(corrections)} "
        "input-correction vectors (.000 inserted) n/a (a generated client sends what it is given)"
    )
    report("vectors", not mismatches, detail + ("; " + "; ".join(mismatches) if mismatches else ""))


def main():
    sandbox = make_client(os.environ["SANDBOX_URL"], os.environ["MERCHANT_ID"], os.environ["SECRET_KEY"])
    checks = [
        ("filters", lambda: check_filters(sandbox)),
        ("paging", lambda: check_paging(sandbox)),
        ("auth401", lambda: check_auth401(os.environ["SANDBOX_URL"])),
        ("vectors", lambda: check_vectors(os.environ["RECORDER_URL"])),
    ]
    for name, run in checks:
        try:
            run()
        except Exception as error:
            traceback.print_exc(file=sys.stderr)
            report(name, False, f"{type(error).__name__}: {error}".replace("\n", " "))


main()
