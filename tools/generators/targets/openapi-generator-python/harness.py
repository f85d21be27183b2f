"""The matrix harness for openapi-generator's `python` client (default settings) in $WORK/client.

Prints one `RESULT <check> pass|fail <detail>` line per check: filters, paging and auth401 against the
plain sandbox, the same with the `evolve-` prefix against the evolving one, then vectors against the
recorder (tools/generators/README.md). The server, Basic auth and the User-Agent are the client's own
options; nothing here changes how it encodes or decodes.
"""
import datetime
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python-harness"))
sys.path.insert(0, os.path.join(os.environ["WORK"], "client"))
from matrix import LIST_PARAMS, check_vectors, report, run_checks  # noqa: E402
import openapi_client  # noqa: E402
from openapi_client.exceptions import ApiException  # noqa: E402
from openapi_client.models.known_payment_status import KnownPaymentStatus  # noqa: E402

USER_AGENT = "merchant-ordering-generator-matrix/1.0 (Python; openapi-generator python)"
ARRAYS = {"tokens", "ids", "merchantReferences", "statuses", "include"}


def apis(base_url, merchant_id, secret_key):
    configuration = openapi_client.Configuration(host=base_url, username=merchant_id, password=secret_key)
    client = openapi_client.ApiClient(configuration)
    client.user_agent = USER_AGENT
    return openapi_client.PaymentsApi(client), openapi_client.ConfigurationApi(client)


def check_filters(check, base_url, expected_total):
    payments, _ = apis(base_url, os.environ["MERCHANT_ID"], os.environ["SECRET_KEY"])
    # How a caller writes it: statuses=[KnownPaymentStatus.APPROVED, "ON_HOLD"] (the enum is a str).
    statuses = [KnownPaymentStatus(s) if s in KnownPaymentStatus._value2member_map_ else s for s in os.environ["FILTER_STATUSES"].split(",")]
    since = os.environ["FILTER_FROM"]
    page = payments.list_payments(statuses=statuses, from_created_date=since, limit=250)
    bound = datetime.datetime.fromisoformat(since)
    wrong = [p.id for p in page.results if p.status not in statuses or p.created < bound]
    known = ", ".join(status.value for status in KnownPaymentStatus)
    detail = f"totalResults {page.total_results} ({expected_total} sent as documented), {len(page.results)} on the page; known statuses offered: {known}"
    report(check, not wrong and bool(page.results) and page.total_results == expected_total, detail + (f"; outside the filter: {wrong[:5]}" if wrong else ""))


def check_paging(check, base_url):
    payments, _ = apis(base_url, os.environ["MERCHANT_ID"], os.environ["SECRET_KEY"])
    seen, offset, total, pages = [], 0, None, 0
    while total is None or offset < total:
        page = payments.list_payments(limit=50, offset=offset)
        total, pages = page.total_results, pages + 1
        if not page.results:
            break
        seen += [p.id for p in page.results]
        offset += len(page.results)
    report(check, len(seen) == total and len(set(seen)) == total, f"{len(seen)} payments ({len(set(seen))} distinct) in {pages} pages of 50, totalResults {total}")


def check_auth401(check, base_url):
    payments, _ = apis(base_url, os.environ["MERCHANT_ID"], "not-the-secret-key")
    try:
        payments.list_payments()
        return report(check, False, "the call succeeded")
    except ApiException as error:
        body = error.data
        error_code, error_id = getattr(body, "error_code", None), getattr(body, "error_id", None)
        report(check, error.status == 401 and bool(error_code) and bool(error_id), f"status {error.status}, errorCode {error_code!r}, errorId {error_id!r} ({type(body).__name__})")


def as_list(name, value):
    return [value] if name in ARRAYS and isinstance(value, str) else value  # one value is a one-item list


def send_vector(payments, configuration, case):
    params = case["params"]
    if case["operation"] == "getConfiguration":
        return configuration.get_configuration(**({"include": as_list("include", params["include"])} if "include" in params else {}))
    return payments.list_payments(**{LIST_PARAMS[name]: as_list(name, value) for name, value in params.items()})


def vectors(recorder_url):
    payments, configuration = apis(recorder_url, os.environ["MERCHANT_ID"], os.environ["SECRET_KEY"])
    check_vectors(recorder_url, lambda case: send_vector(payments, configuration, case))


run_checks(check_filters, check_paging, check_auth401, vectors)
