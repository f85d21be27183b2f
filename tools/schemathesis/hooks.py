"""Schemathesis hooks for `pnpm test:schemathesis`: the answers the API document itself requires.

Every default check stays on. A failure is dropped only when the response is exactly the error the
document prescribes for that input (`filter_failure`); any other failure on the same request is kept,
and so is the same status for any other input. The document's sections are cited beside each rule
(/work/shared/api-document.md, copied as spec/reference/api-document.md).
"""

import base64
import binascii
import json
import os
import re
from datetime import datetime
from urllib.parse import parse_qsl, urlsplit

import jsonschema_rs
import schemathesis
from schemathesis.core.failures import AcceptedNegativeData, ServerError
from schemathesis.specs.openapi.checks import RejectedPositiveData

LIST_PAYMENTS = "GET /v2/payments"
CONFIGURATION = "GET /v2/configuration"
DATE_PARAMETERS = ("fromCreatedDate", "toCreatedDate")
ARRAY_PARAMETERS = {
    LIST_PAYMENTS: ("ids", "tokens", "merchantReferences", "statuses"),
    # The configuration's include (public facts §3): "Comma lists ... get a 500" for every array
    # parameter (public facts §9), documented on the operation's 500.
    CONFIGURATION: ("include",),
}
# §4.3 note 4: date, `T`, time with fractional seconds, and a UTC offset (the schema's pattern).
DOCUMENTED_DATE_FORM = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]+(Z|[+-][0-9]{2}:[0-9]{2})$")


def values(query, name):
    value = (query or {}).get(name)
    if value is None:
        return []
    return [str(item) for item in value] if isinstance(value, list) else [str(value)]


def is_malformed_date(text):
    """Not the documented form, or that form naming no real instant (month 13, 30 February, 25:00)."""
    if not DOCUMENTED_DATE_FORM.match(text):
        return True
    try:
        datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return True
    return False


def malformed_input(label, query):
    """Why the document says this operation answers 500 for this query, or None.

    §7, 500 on List Payments: "usually a malformed fromCreatedDate or toCreatedDate (missing dash or
    colon, or an unencoded plus), or array parameters sent comma-separated or with brackets".
    §4.3 note 3: "Comma-separated values and square brackets must not be used"; a comma inside one value
    cannot be told apart from comma-separated values.
    """
    if label not in ARRAY_PARAMETERS:
        return None
    for name in DATE_PARAMETERS if label == LIST_PAYMENTS else ():
        for text in values(query, name):
            if is_malformed_date(text):
                return f"{name} is a malformed date-time (§7, §4.3 note 4)"
    for name in ARRAY_PARAMETERS[label]:
        for text in values(query, name):
            if "," in text:
                return f"{name} carries a comma, read as comma-separated values (§7, §4.3 note 3)"
    for name in (query or {}):
        if "[" in name or "]" in name:
            return f"{name} uses square brackets (§7, §4.3 note 3)"
    return None


def is_documented_error(response, status):
    """The document's error answer: that status, with errorCode `error` (§7)."""
    if response.status_code != status:
        return False
    try:
        return json.loads(response.content).get("errorCode") == "error"
    except (ValueError, AttributeError):
        return False


# The description the run tests, dereferenced (run.mjs passes its path), to re-read what was sent.
DESCRIPTION = json.load(open(os.environ["MERCHANT_SPEC_DEREFERENCED"], encoding="utf-8"))


def operation_object(label):
    method, path = label.split(" ", 1)
    return DESCRIPTION["paths"][path][method.lower()]


def scalar(text, schema):
    """A query value as the JSON value the schema reads: integers and booleans from their text."""
    kind = schema.get("type")
    if kind == "integer" and re.fullmatch(r"-?[0-9]+", text):
        return int(text)
    if kind == "boolean" and text in ("true", "false"):
        return text == "true"
    return text


def sent_request_is_valid(label, request):
    """Whether the request as it went on the wire satisfies the description: every declared query
    value (read back from the URL), no repeated scalar parameter, and the Basic credentials the
    operation's security asks for. Headers other than Authorization are optional here."""
    operation = operation_object(label)
    declared = {parameter["name"]: parameter for parameter in operation.get("parameters", []) if parameter["in"] == "query"}
    sent = {}
    for name, text in parse_qsl(urlsplit(request.url).query, keep_blank_values=True):
        sent.setdefault(name, []).append(text)
    for name, texts in sent.items():
        parameter = declared.get(name)
        if parameter is None:
            # OpenAPI does not close the query: an undeclared parameter is not a violation, and
            # negative_data_rejection itself passes a request whose only fault is one.
            continue
        schema = parameter["schema"]
        if schema.get("type") == "array":
            value = [scalar(text, schema.get("items", {})) for text in texts]
        elif len(texts) == 1:
            value = scalar(texts[0], schema)
        else:
            return False
        if not jsonschema_rs.validator_for(schema).is_valid(value):
            return False
    if operation.get("security", DESCRIPTION.get("security")):
        header = request.headers.get("Authorization", "")
        if not header.startswith("Basic "):
            return False
        try:
            if ":" not in base64.b64decode(header[6:], validate=True).decode("utf-8"):
                return False
        except (binascii.Error, UnicodeDecodeError):
            return False
    return True


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """Keep every failure except the two kinds below, each checked against what was actually sent."""
    label = case.operation.label
    # 1. §7: List Payments answers 500 for a malformed date or array (and the configuration for a
    # malformed include, public facts §9). To not_a_server_error that is a
    # "server error", and to positive_data_acceptance a refusal of schema-valid data (a pattern cannot
    # tell 30 February from a real date). Dropped only when the input is malformed and the answer is
    # exactly the documented Error with errorCode `error`.
    if isinstance(failure, (ServerError, RejectedPositiveData)):
        return not (malformed_input(label, case.query) and is_documented_error(response, 500))
    # 2. negative_data_rejection on a request that, as sent, was valid after all: a generated mutation
    # that serialisation undid (an "object" sent as repeated strings, a removed Authorization put back by
    # the run's credentials). The service is right to accept it.
    if isinstance(failure, AcceptedNegativeData):
        return not sent_request_is_valid(label, response.request)
    return True
