// The matrix harness for openapi-generator's `java` client (default settings: okhttp-gson), generated
// into $WORK/client. Prints one `RESULT <check> pass|fail <detail>` line per check: filters, paging and
// auth401 against the plain sandbox, the same with the `evolve-` prefix against the evolving one, then
// vectors against the recorder (tools/generators/README.md). The server, Basic auth and the User-Agent
// are the client's own options; nothing here changes how it encodes or decodes.
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.openapitools.client.ApiClient;
import org.openapitools.client.ApiException;
import org.openapitools.client.api.ConfigurationApi;
import org.openapitools.client.api.PaymentsApi;
import org.openapitools.client.model.Error;
import org.openapitools.client.model.KnownPaymentStatus;
import org.openapitools.client.model.Pagination;
import org.openapitools.client.model.Payment;

public class Harness {
  static void report(String check, boolean passed, String detail) {
    System.out.println(("RESULT " + check + " " + (passed ? "pass" : "fail") + " " + detail.replace('\n', ' ')).trim());
  }

  static ApiClient client(String baseUrl, String merchantId, String secretKey) {
    ApiClient client = new ApiClient();
    client.setBasePath(baseUrl);
    client.setUsername(merchantId);
    client.setPassword(secretKey);
    client.setUserAgent("merchant-ordering-generator-matrix/1.0 (Java; openapi-generator java)");
    return client;
  }

  /** Every argument of listPayments, in the generated order; null leaves a parameter out. */
  static Pagination list(PaymentsApi api, String from, String to, Integer limit, Integer offset, List<String> tokens, List<String> ids,
      List<String> references, List<String> statuses, String orderBy, Boolean ascending) throws ApiException {
    return api.listPayments(null, to, from, limit, offset, tokens, ids, references, statuses, orderBy, ascending);
  }

  static void filters(String check, PaymentsApi api, int expectedTotal) throws ApiException {
    List<String> statuses = Arrays.asList(System.getenv("FILTER_STATUSES").split(","));
    String from = System.getenv("FILTER_FROM");
    // How a caller writes it: List.of(KnownPaymentStatus.APPROVED.getValue(), "ON_HOLD").
    Pagination page = list(api, from, null, 250, null, null, null, null, statuses, null, null);
    List<String> strays = new ArrayList<>();
    for (Payment payment : page.getResults()) {
      if (!statuses.contains(payment.getStatus()) || payment.getCreated().isBefore(OffsetDateTime.parse(from))) strays.add(payment.getId());
    }
    List<String> known = new ArrayList<>();
    for (KnownPaymentStatus status : KnownPaymentStatus.values()) known.add(status.getValue());
    String detail = "totalResults " + page.getTotalResults() + " (" + expectedTotal + " sent as documented), " + page.getResults().size()
        + " on the page; known statuses offered: " + String.join(", ", known) + (strays.isEmpty() ? "" : "; outside the filter: " + strays);
    report(check, strays.isEmpty() && !page.getResults().isEmpty() && page.getTotalResults() == expectedTotal, detail);
  }

  static void paging(String check, PaymentsApi api) throws ApiException {
    Set<String> seen = new HashSet<>();
    int count = 0, offset = 0, total = -1, pages = 0;
    while (total < 0 || offset < total) {
      Pagination page = list(api, null, null, 50, offset, null, null, null, null, null, null);
      total = page.getTotalResults();
      pages++;
      if (page.getResults().isEmpty()) break;
      for (Payment payment : page.getResults()) {
        seen.add(payment.getId());
        count++;
      }
      offset += page.getResults().size();
    }
    report(check, count == total && seen.size() == total, count + " payments (" + seen.size() + " distinct) in " + pages + " pages of 50, totalResults " + total);
  }

  static void auth401(String check, String baseUrl, String merchantId) throws Exception {
    try {
      list(new PaymentsApi(client(baseUrl, merchantId, "not-the-secret-key")), null, null, null, null, null, null, null, null, null, null);
      report(check, false, "the call succeeded");
    } catch (ApiException error) {
      Error body = Error.fromJson(error.getResponseBody());
      boolean ok = error.getCode() == 401 && !body.getErrorCode().isEmpty() && !body.getErrorId().isEmpty();
      report(check, ok, "status " + error.getCode() + ", errorCode " + body.getErrorCode() + ", errorId " + body.getErrorId());
    }
  }

  static List<String> strings(JsonObject params, String name) {
    if (!params.has(name)) return null;
    JsonElement value = params.get(name);
    List<String> out = new ArrayList<>();
    if (value.isJsonArray()) for (JsonElement item : (JsonArray) value) out.add(item.getAsString());
    else out.add(value.getAsString()); // a typed client takes a list; one value is a one-item list
    return out;
  }

  static String text(JsonObject params, String name) {
    return params.has(name) ? params.get(name).getAsString() : null;
  }

  static void send(PaymentsApi payments, ConfigurationApi configuration, JsonObject vector) throws ApiException {
    JsonObject params = vector.getAsJsonObject("params");
    if (vector.get("operation").getAsString().equals("getConfiguration")) {
      configuration.getConfiguration(null, strings(params, "include"));
      return;
    }
    list(payments, text(params, "fromCreatedDate"), text(params, "toCreatedDate"),
        params.has("limit") ? params.get("limit").getAsInt() : null, params.has("offset") ? params.get("offset").getAsInt() : null,
        strings(params, "tokens"), strings(params, "ids"), strings(params, "merchantReferences"), strings(params, "statuses"),
        text(params, "orderBy"), params.has("ascending") ? params.get("ascending").getAsBoolean() : null);
  }

  /** The recorder's reading of the last query against the expected one (decoded pairs, query-pairs.mjs). */
  static JsonObject compared(String recorderUrl, String expected) throws Exception {
    String url = recorderUrl + "/__recorded/last?expected=" + URLEncoder.encode(expected, StandardCharsets.UTF_8);
    HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    return JsonParser.parseString(response.body()).getAsJsonObject();
  }

  /** Our client inserts .000 into a date given without fractional seconds; a generated client sends it as given. */
  static final Pattern WHOLE_SECONDS = Pattern.compile("T\\d{2}:\\d{2}:\\d{2}(Z|[+-])");

  static boolean correctsInput(JsonObject params) {
    for (String name : List.of("fromCreatedDate", "toCreatedDate")) {
      if (params.has(name) && WHOLE_SECONDS.matcher(params.get(name).getAsString()).find()) return true;
    }
    return false;
  }

  static void vectors(String recorderUrl, String merchantId, String secretKey, String vectorsPath) throws Exception {
    JsonArray cases = JsonParser.parseString(Files.readString(Path.of(vectorsPath))).getAsJsonObject().getAsJsonArray("cases");
    ApiClient client = client(recorderUrl, merchantId, secretKey);
    PaymentsApi payments = new PaymentsApi(client);
    ConfigurationApi configuration = new ConfigurationApi(client);
    int sendable = 0, refusals = 0, corrections = 0;
    List<String> mismatches = new ArrayList<>();
    Set<String> defaults = new TreeSet<>();
    for (JsonElement element : cases) {
      JsonObject vector = element.getAsJsonObject();
      if (!vector.has("query")) {
        refusals++;
        continue;
      }
      if (correctsInput(vector.getAsJsonObject("params"))) {
        corrections++;
        continue;
      }
      sendable++;
      String name = vector.get("name").getAsString();
      try {
        send(payments, configuration, vector);
        JsonObject last = compared(recorderUrl, vector.get("query").getAsString());
        for (JsonElement pair : last.getAsJsonArray("defaultsSent")) defaults.add(pair.getAsString());
        if (!last.get("samePairs").getAsBoolean()) mismatches.add("\"" + name + "\": " + last.get("difference").getAsString() + " (sent " + last.get("rawQuery").getAsString() + ")");
      } catch (Exception error) {
        mismatches.add("\"" + name + "\": " + error);
      }
    }
    String detail = (sendable - mismatches.size()) + "/" + sendable + " queries read as the vector's (decoded pairs, repeated values in order); " + refusals
        + " refusal vectors and " + corrections + " input-correction vectors (.000 inserted) n/a (a generated client sends what it is given)"
        + (defaults.isEmpty() ? "" : "; sends the spec's defaults when they are left out (" + String.join(", ", defaults) + "), which the service applies anyway");
    report("vectors", mismatches.isEmpty(), detail + (mismatches.isEmpty() ? "" : "; " + String.join("; ", mismatches)));
  }

  interface Check {
    void run() throws Exception;
  }

  static void guarded(String name, Check check) {
    try {
      check.run();
    } catch (Exception error) {
      error.printStackTrace();
      String body = error instanceof ApiException api ? " status " + api.getCode() + ": " + api.getResponseBody() : "";
      report(name, false, error + body);
    }
  }

  public static void main(String[] argv) {
    String merchantId = System.getenv("MERCHANT_ID"), secretKey = System.getenv("SECRET_KEY");
    String[][] runs = { { "", "SANDBOX_URL", "FILTER_TOTAL" }, { "evolve-", "EVOLVING_SANDBOX_URL", "EVOLVING_FILTER_TOTAL" } };
    for (String[] run : runs) {
      String url = System.getenv(run[1]);
      PaymentsApi api = new PaymentsApi(client(url, merchantId, secretKey));
      int total = Integer.parseInt(System.getenv(run[2]));
      guarded(run[0] + "filters", () -> filters(run[0] + "filters", api, total));
      guarded(run[0] + "paging", () -> paging(run[0] + "paging", api));
      guarded(run[0] + "auth401", () -> auth401(run[0] + "auth401", url, merchantId));
    }
    guarded("vectors", () -> vectors(System.getenv("RECORDER_URL"), merchantId, secretKey, System.getenv("VECTORS")));
  }
}
