// The matrix harness for the openapi-generator `java` client (`native` library) generated into
// $WORK/client. Prints one `RESULT <check> pass|fail <detail>` line per check (filters, paging, auth401,
// vectors). Settings a user needs, applied here as a user would (see meta.json): Basic auth through
// ApiClient.setRequestInterceptor. Arguments are passed by the generated methods' parameter names
// (compiled with -parameters), converted to whatever Java type the generator chose for each.
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import merchantordering.client.ApiClient;
import merchantordering.client.ApiException;
import merchantordering.client.ApiResponse;
import merchantordering.client.api.ConfigurationApi;
import merchantordering.client.api.PaymentsApi;
import merchantordering.client.model.Error;
import merchantordering.client.model.Pagination;
import merchantordering.client.model.Payment;

public class Harness {
  static final String USER_AGENT = "merchant-ordering-generator-matrix/1.0 (Java; openapi-generator native)";
  static final ObjectMapper JSON = new ObjectMapper();

  static void report(String check, boolean passed, String detail) {
    System.out.println(("RESULT " + check + " " + (passed ? "pass" : "fail") + " " + detail.replace('\n', ' ')).trim());
  }

  static ApiClient client(String baseUrl, String merchantId, String secretKey) {
    ApiClient client = new ApiClient();
    client.updateBaseUri(baseUrl);
    String basic = Base64.getEncoder().encodeToString((merchantId + ":" + secretKey).getBytes(StandardCharsets.UTF_8));
    client.setRequestInterceptor(builder -> builder.header("Authorization", "Basic " + basic));
    return client;
  }

  /** Calls `name` (the overload without extra headers) with the arguments named in `params`. */
  static Object call(Object api, String name, JsonNode params) throws Throwable {
    Method method = null;
    for (Method candidate : api.getClass().getMethods()) {
      if (candidate.getName().equals(name) && (method == null || candidate.getParameterCount() < method.getParameterCount())) method = candidate;
    }
    Parameter[] parameters = method.getParameters();
    Object[] args = new Object[parameters.length];
    Set<String> used = new HashSet<>();
    for (int i = 0; i < parameters.length; i++) {
      String param = parameters[i].getName();
      if (param.equals("userAgent")) args[i] = USER_AGENT;
      else if (params.has(param)) {
        args[i] = convert(params.get(param), parameters[i].getParameterizedType());
        used.add(param);
      }
    }
    params.fieldNames().forEachRemaining(field -> {
      if (!used.contains(field)) throw new IllegalArgumentException(name + " has no parameter " + field);
    });
    try {
      return method.invoke(api, args);
    } catch (java.lang.reflect.InvocationTargetException error) {
      throw error.getCause();
    }
  }

  static Object convert(JsonNode value, Type type) throws Exception {
    if (type instanceof ParameterizedType list) {
      List<Object> items = new ArrayList<>();
      if (value.isArray()) {
        for (JsonNode item : value) items.add(convert(item, list.getActualTypeArguments()[0]));
      } else {
        items.add(convert(value, list.getActualTypeArguments()[0])); // one value is a one-item list
      }
      return items;
    }
    Class<?> cls = (Class<?>) type;
    if (cls == String.class) return value.asText();
    if (cls == Integer.class) return value.asInt();
    if (cls == Boolean.class) return value.asBoolean();
    if (cls == OffsetDateTime.class) return OffsetDateTime.parse(value.asText());
    if (!cls.isEnum()) return cls.getConstructor(String.class).newInstance(value.asText());
    Object converted = cls.getMethod("fromValue", String.class).invoke(null, value.asText());
    if (converted == null) throw new IllegalArgumentException(cls.getSimpleName() + " has no value " + value.asText());
    return converted;
  }

  @SuppressWarnings("unchecked")
  static ApiResponse<Pagination> listPage(PaymentsApi api, Map<String, Object> params) throws Throwable {
    return (ApiResponse<Pagination>) call(api, "listPaymentsWithHttpInfo", JSON.valueToTree(params));
  }

  static void checkFilters(PaymentsApi api) throws Throwable {
    String since = "2019-01-01T09:00:00.000+11:00";
    Pagination page = listPage(api, Map.of("statuses", List.of("APPROVED", "DECLINED"), "fromCreatedDate", since, "limit", 250)).getData();
    List<String> wrong = new ArrayList<>();
    for (Payment payment : page.getResults()) {
      String status = String.valueOf(payment.getStatus());
      OffsetDateTime created = OffsetDateTime.parse(String.valueOf(payment.getCreated()));
      if (!(status.equals("APPROVED") || status.equals("DECLINED")) || created.isBefore(OffsetDateTime.parse(since))) wrong.add(payment.getId());
    }
    int results = page.getResults().size();
    report("filters", wrong.isEmpty() && results > 0, "200, " + results + " of " + page.getTotalResults() + " payments, all APPROVED/DECLINED and created since " + since + "; not matching: " + wrong);
  }

  static void checkPaging(PaymentsApi api) throws Throwable {
    Set<String> seen = new HashSet<>();
    int count = 0, offset = 0, total = -1, pages = 0;
    while (total < 0 || offset < total) {
      Pagination page = listPage(api, Map.of("limit", 50, "offset", offset)).getData();
      total = page.getTotalResults();
      pages++;
      if (page.getResults().isEmpty()) break;
      for (Payment payment : page.getResults()) {
        seen.add(payment.getId());
        count++;
      }
      offset += page.getResults().size();
    }
    report("paging", count == total && seen.size() == total, count + " payments (" + seen.size() + " distinct) in " + pages + " pages of 50, totalResults " + total);
  }

  static void checkAuth401(String baseUrl, String merchantId) throws Throwable {
    ApiClient wrong = client(baseUrl, merchantId, "not-the-secret-key");
    try {
      listPage(new PaymentsApi(wrong), Map.of());
      report("auth401", false, "the call succeeded");
    } catch (ApiException error) {
      Error body = wrong.getObjectMapper().readValue(error.getResponseBody(), Error.class);
      boolean ok = error.getCode() == 401 && notEmpty(body.getErrorCode()) && notEmpty(body.getErrorId());
      report("auth401", ok, "status " + error.getCode() + ", errorCode " + body.getErrorCode() + ", errorId " + body.getErrorId());
    }
  }

  static boolean notEmpty(String text) {
    return text != null && !text.isEmpty();
  }

  /** Our client inserts .000 into a date given without fractional seconds; a generated client sends it as given. */
  static final java.util.regex.Pattern WHOLE_SECONDS = java.util.regex.Pattern.compile("T\\d{2}:\\d{2}:\\d{2}(Z|[+-])");

  static boolean correctsInput(JsonNode params) {
    for (String name : List.of("fromCreatedDate", "toCreatedDate")) {
      if (params.has(name) && WHOLE_SECONDS.matcher(params.get(name).asText()).find()) return true;
    }
    return false;
  }

  static String recordedQuery(String recorderUrl) throws Exception {
    HttpResponse<String> response = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create(recorderUrl + "/__recorded/last")).build(), HttpResponse.BodyHandlers.ofString());
    return JSON.readTree(response.body()).get("rawQuery").asText();
  }

  static void checkVectors(String recorderUrl, String merchantId, String secretKey, String vectorsPath) throws Exception {
    JsonNode cases = JSON.readTree(Files.readString(Path.of(vectorsPath))).get("cases");
    ApiClient client = client(recorderUrl, merchantId, secretKey);
    PaymentsApi payments = new PaymentsApi(client);
    ConfigurationApi configuration = new ConfigurationApi(client);
    int sendable = 0, refusals = 0, corrections = 0;
    List<String> mismatches = new ArrayList<>();
    for (JsonNode vector : cases) {
      if (!vector.has("query")) {
        refusals++;
        continue;
      }
      if (correctsInput(vector.get("params"))) {
        corrections++;
        continue;
      }
      sendable++;
      String sent;
      try {
        boolean config = vector.get("operation").asText().equals("getConfiguration");
        call(config ? configuration : payments, config ? "getConfigurationWithHttpInfo" : "listPaymentsWithHttpInfo", vector.get("params"));
        sent = recordedQuery(recorderUrl);
      } catch (Throwable error) {
        sent = "<" + error + ">";
      }
      String expected = vector.get("query").asText();
      if (!sent.equals(expected)) mismatches.add("\"" + vector.get("name").asText() + "\": sent '" + sent + "', expected '" + expected + "'");
    }
    String detail = (sendable - mismatches.size()) + "/" + sendable + " sent as expected; " + refusals + " refusal vectors and " + corrections + " input-correction vectors (.000 inserted) n/a (a generated client sends what it is given)";
    report("vectors", mismatches.isEmpty(), detail + (mismatches.isEmpty() ? "" : "; " + String.join("; ", mismatches)));
  }

  interface Check {
    void run() throws Throwable;
  }

  static void guarded(String name, Check check) {
    try {
      check.run();
    } catch (Throwable error) {
      error.printStackTrace();
      String body = error instanceof ApiException api ? " status " + api.getCode() + ": " + api.getResponseBody() : "";
      report(name, false, error + body);
    }
  }

  public static void main(String[] argv) {
    Map<String, String> env = System.getenv();
    PaymentsApi sandbox = new PaymentsApi(client(env.get("SANDBOX_URL"), env.get("MERCHANT_ID"), env.get("SECRET_KEY")));
    guarded("filters", () -> checkFilters(sandbox));
    guarded("paging", () -> checkPaging(sandbox));
    guarded("auth401", () -> checkAuth401(env.get("SANDBOX_URL"), env.get("MERCHANT_ID")));
    guarded("vectors", () -> checkVectors(env.get("RECORDER_URL"), env.get("MERCHANT_ID"), env.get("SECRET_KEY"), env.get("VECTORS")));
  }
}
