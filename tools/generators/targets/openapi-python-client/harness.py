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
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python-harness"))
sys.path.insert(0, os.environ["WORK"])
from matrix import LIST_PARAMS, check_vectors, report, run_checks  # noqa: E402
from client import AuthenticatedClient  # noqa: E402
from client.api.configuration import get_configuration  # noqa: E402
from client.api.payments import list_payments  # noqa: E402
from client.models.known_payment_status import KnownPaymentStatus  # noqa: E402
from client.types import UNSET  # noqa: E402

USER_AGENT = "merchant-ordering-generator-matrix/1.0 (Python; openapi-python-client)"


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


def check_filters(check, base_url, expected_total):
    client = make_client(base_url, os.environ["MERCHANT_ID"], os.environ["SECRET_KEY"])
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


def check_paging(check, base_url):
    client = make_client(base_url, os.environ["MERCHANT_ID"], os.environ["SECRET_KEY"])
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


def send_vector(client, case):
    if case["operation"] == "getConfiguration":
        include = case["params"].get("include", UNSET)
        if isinstance(include, str):
            include = [include]  # known values or any other string: list[ConfigurationIncludeType0 | str]
        get_configuration.sync_detailed(client=client, include=include, user_agent=USER_AGENT)
    else:
        list_page(client, **case["params"])


def vectors(recorder_url):
    client = make_client(recorder_url, os.environ["MERCHANT_ID"], os.environ["SECRET_KEY"])
    check_vectors(recorder_url, lambda case: send_vector(client, case))


run_checks(check_filters, check_paging, check_auth401, vectors)
