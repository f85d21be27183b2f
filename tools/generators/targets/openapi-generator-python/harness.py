"""The matrix harness for openapi-generator's `python` client (default settings) in $WORK/client.

Prints one `RESULT <check> pass|fail <detail>` line per check: filters, paging and auth401 against the
plain sandbox, the same with the `evolve-` prefix against the evolving one, then vectors against the
recorder (tools/generators/README.md). The server, Basic auth and the User-Agent are the client's own
options; nothing here changes how it encodes or decodes.
"""
import datetime
import json
import os
import re
import sys
import traceback
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.environ["WORK"], "client"))
import openapi_client  # noqa: E402
from openapi_client.exceptions import ApiException  # noqa: E402
from openapi_client.models.known_payment_status import KnownPaymentStatus  # noqa: E402

USER_AGENT = "merchant-ordering-generator-matrix/1.0 (Python; openapi-generator python)"
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
ARRAYS = {"tokens", "ids", "merchantReferences", "statuses", "include"}


def report(check, passed, detail=""):
    print(f"RESULT {check} {'pass' if passed else 'fail'} {detail}".rstrip().replace("\n", " "), flush=True)


def apis(base_url, merchant_id, secret_key):
    configuration = openapi_client.Configuration(host=base_url, username=merchant_id, password=secret_key)
    client = openapi_client.ApiClient(configuration)
    client.user_agent = USER_AGENT
    return openapi_client.PaymentsApi(client), openapi_client.ConfigurationApi(client)


def check_filters(check, payments, expected_total):
    # How a caller writes it: statuses=[KnownPaymentStatus.APPROVED, "ON_HOLD"] (the enum is a str).
    statuses = [KnownPaymentStatus(s) if s in KnownPaymentStatus._value2member_map_ else s for s in os.environ["FILTER_STATUSES"].split(",")]
    since = os.environ["FILTER_FROM"]
    page = payments.list_payments(statuses=statuses, from_created_date=since, limit=250)
    bound = datetime.datetime.fromisoformat(since)
    wrong = [p.id for p in page.results if p.status not in statuses or p.created < bound]
    known = ", ".join(status.value for status in KnownPaymentStatus)
    detail = f"totalResults {page.total_results} ({expected_total} sent as documented), {len(page.results)} on the page; known statuses offered: {known}"
    report(check, not wrong and bool(page.results) and page.total_results == expected_total, detail + (f"; outside the filter: {wrong[:5]}" if wrong else ""))


def check_paging(check, payments):
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


def compared(recorder_url, expected):
    """The recorder's reading of the last query against the expected one (decoded pairs, query-pairs.mjs)."""
    with urllib.request.urlopen(f"{recorder_url}/__recorded/last?expected={urllib.parse.quote(expected, safe='')}") as response:
        return json.load(response)


def as_list(name, value):
    return [value] if name in ARRAYS and isinstance(value, str) else value  # one value is a one-item list


def send_vector(payments, configuration, case):
    params = case["params"]
    if case["operation"] == "getConfiguration":
        return configuration.get_configuration(**({"include": as_list("include", params["include"])} if "include" in params else {}))
    return payments.list_payments(**{LIST_PARAMS[name]: as_list(name, value) for name, value in params.items()})


WHOLE_SECONDS = re.compile(r"T\d{2}:\d{2}:\d{2}(Z|[+-])")


def corrects_input(case):
    """Our client inserts .000 into a date given without fractional seconds; a generated client sends it as given."""
    return any(WHOLE_SECONDS.search(str(case["params"].get(name, ""))) for name in ("fromCreatedDate", "toCreatedDate"))


def check_vectors(recorder_url):
    cases = json.load(open(os.environ["VECTORS"], encoding="utf-8"))["cases"]
    payments, configuration = apis(recorder_url, os.environ["MERCHANT_ID"], os.environ["SECRET_KEY"])
    corrections = [case for case in cases if "query" in case and corrects_input(case)]
    sendable = [case for case in cases if "query" in case and not corrects_input(case)]
    mismatches, defaults = [], set()
    for case in sendable:
        try:
            send_vector(payments, configuration, case)
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
        payments, _ = apis(base_url, os.environ["MERCHANT_ID"], os.environ["SECRET_KEY"])
        checks += [
            (f"{prefix}filters", lambda p=prefix, a=payments, t=int(os.environ[total]): check_filters(f"{p}filters", a, t)),
            (f"{prefix}paging", lambda p=prefix, a=payments: check_paging(f"{p}paging", a)),
            (f"{prefix}auth401", lambda p=prefix, u=base_url: check_auth401(f"{p}auth401", u)),
        ]
    checks.append(("vectors", lambda: check_vectors(os.environ["RECORDER_URL"])))
    for name, run in checks:
        try:
            run()
        except Exception as error:
            traceback.print_exc(file=sys.stderr)
            report(name, False, f"{type(error).__name__}: {error}")


main()
