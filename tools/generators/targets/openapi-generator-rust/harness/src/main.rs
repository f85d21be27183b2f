// The matrix harness for openapi-generator's `rust` client (default settings: reqwest with native-tls),
// generated into ./client as the crate `openapi`. Prints one `RESULT <check> pass|fail <detail>` line per
// check: filters, paging and auth401 against the plain sandbox, the same with the `evolve-` prefix
// against the evolving one, then vectors against the recorder (tools/generators/README.md). The base
// path, Basic auth and the User-Agent are the client's own Configuration; nothing here changes how it
// encodes or decodes.
use std::collections::BTreeSet;
use std::env;

use openapi::apis::configuration::Configuration;
use openapi::apis::payments_api::{list_payments, ListPaymentsError};
use openapi::apis::{configuration_api, urlencode, Error};
use openapi::models::{KnownPaymentStatus, Pagination};
use serde_json::Value;

fn report(check: &str, passed: bool, detail: &str) {
    println!("{}", format!("RESULT {check} {} {}", if passed { "pass" } else { "fail" }, detail.replace('\n', " ")).trim_end());
}

fn var(name: &str) -> String {
    env::var(name).unwrap_or_else(|_| panic!("{name} is not set"))
}

fn configuration(base_path: &str, secret_key: &str) -> Configuration {
    Configuration {
        base_path: base_path.to_owned(),
        user_agent: Some("merchant-ordering-generator-matrix/1.0 (Rust; openapi-generator rust)".to_owned()),
        basic_auth: Some((var("MERCHANT_ID"), Some(secret_key.to_owned()))),
        ..Configuration::default()
    }
}

/// Every argument of list_payments after the configuration, in the generated order; None leaves one out.
#[derive(Default)]
struct Query {
    to: Option<String>,
    from: Option<String>,
    limit: Option<i32>,
    offset: Option<i32>,
    tokens: Option<Vec<String>>,
    ids: Option<Vec<String>>,
    references: Option<Vec<String>>,
    statuses: Option<Vec<String>>,
    order_by: Option<String>,
    ascending: Option<bool>,
}

async fn list(config: &Configuration, q: Query) -> Result<Pagination, Error<ListPaymentsError>> {
    list_payments(config, None, q.to.as_deref(), q.from.as_deref(), q.limit, q.offset, q.tokens, q.ids, q.references, q.statuses, q.order_by.as_deref(), q.ascending).await
}

async fn filters(check: &str, config: &Configuration, expected_total: i32) {
    let statuses: Vec<String> = var("FILTER_STATUSES").split(',').map(str::to_owned).collect();
    let from = var("FILTER_FROM");
    // How a caller writes it: Some(vec![KnownPaymentStatus::Approved.to_string(), "ON_HOLD".to_owned()]).
    let page = match list(config, Query { statuses: Some(statuses.clone()), from: Some(from.clone()), limit: Some(250), ..Query::default() }).await {
        Ok(page) => page,
        Err(error) => return report(check, false, &error.to_string()),
    };
    let bound = chrono_free_millis(&from);
    let strays: Vec<&str> = page
        .results
        .iter()
        .filter(|p| !statuses.iter().any(|s| Some(s) == p.status.as_ref()) || p.created.map(|c| c.timestamp_millis()).unwrap_or(i64::MIN) < bound)
        .map(|p| p.id.as_str())
        .collect();
    let known = [KnownPaymentStatus::Approved, KnownPaymentStatus::Declined].map(|status| status.to_string()).join(", ");
    let detail = format!(
        "totalResults {} ({expected_total} sent as documented), {} on the page; known statuses offered: {known}{}",
        page.total_results,
        page.results.len(),
        if strays.is_empty() { String::new() } else { format!("; outside the filter: {strays:?}") }
    );
    report(check, strays.is_empty() && !page.results.is_empty() && page.total_results == expected_total, &detail);
}

/// Milliseconds since the epoch of FILTER_FROM, read with serde_json's help from the generated model's
/// own date type: a one-event page parsed by the client's models.
fn chrono_free_millis(date_time: &str) -> i64 {
    let event: openapi::models::PaymentEvent = serde_json::from_value(serde_json::json!({ "created": date_time })).expect("FILTER_FROM is a date-time");
    event.created.expect("created").timestamp_millis()
}

async fn paging(check: &str, config: &Configuration) {
    let (mut seen, mut offset, mut total, mut pages) = (Vec::new(), 0, -1, 0);
    while total < 0 || offset < total {
        let page = match list(config, Query { limit: Some(50), offset: Some(offset), ..Query::default() }).await {
            Ok(page) => page,
            Err(error) => return report(check, false, &format!("at offset {offset}: {error}")),
        };
        total = page.total_results;
        pages += 1;
        if page.results.is_empty() {
            break;
        }
        offset += page.results.len() as i32;
        seen.extend(page.results.into_iter().map(|p| p.id));
    }
    let distinct: BTreeSet<&String> = seen.iter().collect();
    report(check, seen.len() as i32 == total && distinct.len() as i32 == total, &format!("{} payments ({} distinct) in {pages} pages of 50, totalResults {total}", seen.len(), distinct.len()));
}

async fn auth401(check: &str, base_path: &str) {
    match list(&configuration(base_path, "not-the-secret-key"), Query::default()).await {
        Err(Error::ResponseError(response)) => match response.entity {
            Some(ListPaymentsError::Status401(body)) => report(
                check,
                response.status.as_u16() == 401 && !body.error_code.is_empty() && !body.error_id.is_empty(),
                &format!("status {}, errorCode {:?}, errorId {:?}", response.status.as_u16(), body.error_code, body.error_id),
            ),
            other => report(check, false, &format!("status {}, the body was not read as Error: {other:?} {}", response.status, response.content)),
        },
        other => report(check, false, &format!("no response error: {other:?}")),
    }
}

fn strings(params: &Value, name: &str) -> Option<Vec<String>> {
    match params.get(name)? {
        Value::Array(items) => Some(items.iter().map(|item| item.as_str().unwrap_or_default().to_owned()).collect()),
        value => Some(vec![value.as_str().unwrap_or_default().to_owned()]), // one value is a one-item list
    }
}

fn text(params: &Value, name: &str) -> Option<String> {
    params.get(name).and_then(Value::as_str).map(str::to_owned)
}

async fn send(config: &Configuration, operation: &str, params: &Value) -> Result<(), String> {
    if operation == "getConfiguration" {
        return configuration_api::get_configuration(config, None, strings(params, "include")).await.map(|_| ()).map_err(|e| e.to_string());
    }
    let query = Query {
        to: text(params, "toCreatedDate"),
        from: text(params, "fromCreatedDate"),
        limit: params.get("limit").and_then(Value::as_i64).map(|n| n as i32),
        offset: params.get("offset").and_then(Value::as_i64).map(|n| n as i32),
        tokens: strings(params, "tokens"),
        ids: strings(params, "ids"),
        references: strings(params, "merchantReferences"),
        statuses: strings(params, "statuses"),
        order_by: text(params, "orderBy"),
        ascending: params.get("ascending").and_then(Value::as_bool),
    };
    list(config, query).await.map(|_| ()).map_err(|e| e.to_string())
}

/// The recorder's reading of the last query against the expected one (decoded pairs, query-pairs.mjs).
async fn compared(config: &Configuration, recorder: &str, expected: &str) -> Result<Value, String> {
    let url = format!("{recorder}/__recorded/last?expected={}", urlencode(expected));
    let body = config.client.get(url).send().await.map_err(|e| e.to_string())?.text().await.map_err(|e| e.to_string())?;
    serde_json::from_str(&body).map_err(|e| e.to_string())
}

/// Our client inserts .000 into a date given without fractional seconds; a generated client sends it as given.
fn corrects_input(params: &Value) -> bool {
    ["fromCreatedDate", "toCreatedDate"].iter().any(|name| {
        text(params, name).is_some_and(|value| value.split_once('T').is_some_and(|(_, time)| time.len() >= 9 && !time[8..].starts_with('.')))
    })
}

async fn vectors(recorder: &str) {
    let file: Value = serde_json::from_str(&std::fs::read_to_string(var("VECTORS")).expect("VECTORS")).expect("vectors JSON");
    let config = configuration(recorder, &var("SECRET_KEY"));
    let (mut sendable, mut refusals, mut corrections) = (0, 0, 0);
    let mut mismatches = Vec::new();
    let mut defaults = BTreeSet::new();
    for vector in file["cases"].as_array().expect("cases") {
        let Some(query) = vector.get("query").and_then(Value::as_str) else {
            refusals += 1;
            continue;
        };
        if corrects_input(&vector["params"]) {
            corrections += 1;
            continue;
        }
        sendable += 1;
        let name = vector["name"].as_str().unwrap_or_default();
        if let Err(error) = send(&config, vector["operation"].as_str().unwrap_or_default(), &vector["params"]).await {
            mismatches.push(format!("{name:?}: {error}"));
            continue;
        }
        match compared(&config, recorder, query).await {
            Ok(last) => {
                defaults.extend(last["defaultsSent"].as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_owned));
                if last["samePairs"] != Value::Bool(true) {
                    mismatches.push(format!("{name:?}: {} (sent {})", last["difference"], last["rawQuery"]));
                }
            }
            Err(error) => mismatches.push(format!("{name:?}: {error}")),
        }
    }
    let mut detail = format!(
        "{}/{sendable} queries read as the vector's (decoded pairs, repeated values in order); {refusals} refusal vectors and {corrections} input-correction vectors (.000 inserted) n/a (a generated client sends what it is given)",
        sendable - mismatches.len()
    );
    if !defaults.is_empty() {
        detail += &format!("; sends the spec's defaults when they are left out ({}), which the service applies anyway", defaults.into_iter().collect::<Vec<_>>().join(", "));
    }
    if !mismatches.is_empty() {
        detail += &format!("; {}", mismatches.join("; "));
    }
    report("vectors", mismatches.is_empty(), &detail);
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    for (prefix, url, total) in [("", "SANDBOX_URL", "FILTER_TOTAL"), ("evolve-", "EVOLVING_SANDBOX_URL", "EVOLVING_FILTER_TOTAL")] {
        let base_path = var(url);
        let config = configuration(&base_path, &var("SECRET_KEY"));
        filters(&format!("{prefix}filters"), &config, var(total).parse().expect("a total")).await;
        paging(&format!("{prefix}paging"), &config).await;
        auth401(&format!("{prefix}auth401"), &base_path).await;
    }
    vectors(&var("RECORDER_URL")).await;
}
