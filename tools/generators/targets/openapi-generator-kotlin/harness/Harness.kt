// The matrix harness for openapi-generator's `kotlin` client (default settings), generated into
// $WORK/client. Prints one `RESULT <check> pass|fail <detail>` line per check: filters, paging and
// auth401 against the plain sandbox, the same with the `evolve-` prefix against the evolving one, then
// vectors against the recorder (tools/generators/README.md). The base path, Basic auth and the
// User-Agent are the client's own options; nothing here changes how it encodes or decodes.
import com.squareup.moshi.Types
import java.io.File
import java.net.URI
import java.net.URLEncoder
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.OffsetDateTime
import org.openapitools.client.apis.ConfigurationApi
import org.openapitools.client.apis.PaymentsApi
import org.openapitools.client.infrastructure.ApiClient
import org.openapitools.client.infrastructure.ClientError
import org.openapitools.client.infrastructure.ClientException
import org.openapitools.client.infrastructure.Serializer
import org.openapitools.client.models.KnownPaymentStatus
import org.openapitools.client.models.Error as ErrorBody

const val USER_AGENT = "merchant-ordering-generator-matrix/1.0 (Kotlin; openapi-generator kotlin)"

fun report(check: String, passed: Boolean, detail: String) =
    println("RESULT $check ${if (passed) "pass" else "fail"} ${detail.replace('\n', ' ')}".trim())

fun env(name: String): String = System.getenv(name) ?: error("$name is not set")

/** Basic auth is global in this client (ApiClient's companion): set before each use. */
fun payments(baseUrl: String, secretKey: String = env("SECRET_KEY")): PaymentsApi {
    ApiClient.username = env("MERCHANT_ID")
    ApiClient.password = secretKey
    return PaymentsApi(baseUrl)
}

fun filters(check: String, baseUrl: String, expectedTotal: Int) {
    val statuses = env("FILTER_STATUSES").split(",")
    val from = env("FILTER_FROM")
    // How a caller writes it: statuses = listOf(KnownPaymentStatus.APPROVED.value, "ON_HOLD").
    val page = payments(baseUrl).listPayments(userAgent = USER_AGENT, statuses = statuses, fromCreatedDate = from, limit = 250)
    val strays = page.results.filter { it.status !in statuses || it.created!!.isBefore(OffsetDateTime.parse(from)) }.map { it.id }
    val known = KnownPaymentStatus.entries.joinToString(", ") { it.value }
    val detail = "totalResults ${page.totalResults} ($expectedTotal sent as documented), ${page.results.size} on the page; known statuses offered: $known" +
        if (strays.isEmpty()) "" else "; outside the filter: $strays"
    report(check, strays.isEmpty() && page.results.isNotEmpty() && page.totalResults == expectedTotal, detail)
}

fun paging(check: String, baseUrl: String) {
    val seen = mutableListOf<String>()
    var offset = 0
    var total = -1
    var pages = 0
    while (total < 0 || offset < total) {
        val page = payments(baseUrl).listPayments(userAgent = USER_AGENT, limit = 50, offset = offset)
        total = page.totalResults
        pages++
        if (page.results.isEmpty()) break
        seen += page.results.map { it.id }
        offset += page.results.size
    }
    report(check, seen.size == total && seen.toSet().size == total, "${seen.size} payments (${seen.toSet().size} distinct) in $pages pages of 50, totalResults $total")
}

fun auth401(check: String, baseUrl: String) {
    try {
        payments(baseUrl, "not-the-secret-key").listPayments(userAgent = USER_AGENT)
        report(check, false, "the call succeeded")
    } catch (error: ClientException) {
        val body = (error.response as ClientError<*>).body as String
        val parsed = Serializer.moshi.adapter(ErrorBody::class.java).fromJson(body)!!
        val ok = error.statusCode == 401 && parsed.errorCode.isNotEmpty() && parsed.errorId.isNotEmpty()
        report(check, ok, "status ${error.statusCode}, errorCode ${parsed.errorCode}, errorId ${parsed.errorId}")
    }
}

@Suppress("UNCHECKED_CAST")
fun strings(params: Map<String, Any?>, name: String): List<String>? = when (val value = params[name]) {
    null -> null
    is List<*> -> value.map { it.toString() }
    else -> listOf(value.toString()) // a typed client takes a list; one value is a one-item list
}

fun send(recorderUrl: String, operation: String, params: Map<String, Any?>) {
    if (operation == "getConfiguration") {
        ConfigurationApi(recorderUrl).getConfiguration(userAgent = USER_AGENT, include = strings(params, "include"))
        return
    }
    val api = payments(recorderUrl)
    api.listPayments(
        userAgent = USER_AGENT,
        toCreatedDate = params["toCreatedDate"] as String?,
        fromCreatedDate = params["fromCreatedDate"] as String?,
        limit = (params["limit"] as Double?)?.toInt(),
        offset = (params["offset"] as Double?)?.toInt(),
        tokens = strings(params, "tokens"),
        ids = strings(params, "ids"),
        merchantReferences = strings(params, "merchantReferences"),
        statuses = strings(params, "statuses"),
        orderBy = (params["orderBy"] as String?)?.let { value -> PaymentsApi.OrderByListPayments.entries.first { it.value == value } },
        ascending = params["ascending"] as Boolean?,
    )
}

/** The recorder's reading of the last query against the expected one (decoded pairs, query-pairs.mjs). */
fun compared(recorderUrl: String, expected: String): Map<String, Any?> {
    val url = "$recorderUrl/__recorded/last?expected=${URLEncoder.encode(expected, Charsets.UTF_8)}"
    val body = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString()).body()
    return jsonMap(body)
}

fun jsonMap(text: String): Map<String, Any?> =
    Serializer.moshi.adapter<Map<String, Any?>>(Types.newParameterizedType(Map::class.java, String::class.java, Any::class.java)).fromJson(text)!!

/** Our client inserts .000 into a date given without fractional seconds; a generated client sends it as given. */
val wholeSeconds = Regex("""T\d{2}:\d{2}:\d{2}(Z|[+-])""")

fun correctsInput(params: Map<String, Any?>) = listOf("fromCreatedDate", "toCreatedDate").any { (params[it] as String?)?.let(wholeSeconds::containsMatchIn) == true }

@Suppress("UNCHECKED_CAST")
fun vectors(recorderUrl: String) {
    val cases = jsonMap(File(env("VECTORS")).readText())["cases"] as List<Map<String, Any?>>
    var sendable = 0
    var refusals = 0
    var corrections = 0
    val mismatches = mutableListOf<String>()
    val defaults = sortedSetOf<String>()
    for (vector in cases) {
        val params = vector["params"] as Map<String, Any?>
        val query = vector["query"] as String?
        if (query == null) { refusals++; continue }
        if (correctsInput(params)) { corrections++; continue }
        sendable++
        try {
            send(recorderUrl, vector["operation"] as String, params)
            val last = compared(recorderUrl, query)
            defaults += last["defaultsSent"] as List<String>
            if (last["samePairs"] != true) mismatches += "\"${vector["name"]}\": ${last["difference"]} (sent ${last["rawQuery"]})"
        } catch (error: Exception) {
            mismatches += "\"${vector["name"]}\": $error"
        }
    }
    val detail = "${sendable - mismatches.size}/$sendable queries read as the vector's (decoded pairs, repeated values in order); $refusals refusal vectors and " +
        "$corrections input-correction vectors (.000 inserted) n/a (a generated client sends what it is given)" +
        (if (defaults.isEmpty()) "" else "; sends the spec's defaults when they are left out (${defaults.joinToString(", ")}), which the service applies anyway")
    report("vectors", mismatches.isEmpty(), detail + if (mismatches.isEmpty()) "" else "; " + mismatches.joinToString("; "))
}

fun guarded(name: String, check: () -> Unit) {
    try {
        check()
    } catch (error: Exception) {
        error.printStackTrace()
        report(name, false, error.toString())
    }
}

fun main() {
    for ((prefix, url, total) in listOf(Triple("", "SANDBOX_URL", "FILTER_TOTAL"), Triple("evolve-", "EVOLVING_SANDBOX_URL", "EVOLVING_FILTER_TOTAL"))) {
        guarded("${prefix}filters") { filters("${prefix}filters", env(url), env(total).toInt()) }
        guarded("${prefix}paging") { paging("${prefix}paging", env(url)) }
        guarded("${prefix}auth401") { auth401("${prefix}auth401", env(url)) }
    }
    guarded("vectors") { vectors(env("RECORDER_URL")) }
}
