// The matrix harness for the oapi-codegen client generated into ./client. Prints one
// `RESULT <check> pass|fail <detail>` line per check: filters, paging and auth401 against the plain
// sandbox, the same with the `evolve-` prefix against the evolving one, then vectors against the
// recorder (tools/generators/README.md); ../../../go-harness/matrix.go is copied beside it. Basic auth
// is a RequestEditorFn (req.SetBasicAuth), the client's own hook for it.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"merchantordering/generators/oapicodegen/client"
)

const userAgent = "merchant-ordering-generator-matrix/1.0 (Go; oapi-codegen)"

func newClient(server, merchantID, secretKey string) *client.ClientWithResponses {
	basicAuth := func(_ context.Context, req *http.Request) error {
		req.SetBasicAuth(merchantID, secretKey)
		return nil
	}
	c, err := client.NewClientWithResponses(server, client.WithRequestEditorFn(basicAuth))
	if err != nil {
		panic(err)
	}
	return c
}

// listParams fills the generated params struct from the vectors' JSON names (its json tags), so the
// harness holds whatever Go type the generator chose (a string or a time.Time for the dates, a value
// or a pointer for User-Agent).
func listParams(params map[string]any) (client.ListPaymentsParams, error) {
	for _, name := range []string{"tokens", "ids", "merchantReferences", "statuses"} {
		if value, ok := params[name].(string); ok {
			params[name] = []string{value} // a typed client takes a slice; one value is a one-item slice
		}
	}
	params["User-Agent"] = userAgent
	var out client.ListPaymentsParams
	text, _ := json.Marshal(params)
	err := json.Unmarshal(text, &out)
	return out, err
}

func listPage(c *client.ClientWithResponses, params map[string]any) (*client.ListPaymentsResponse, error) {
	p, err := listParams(params)
	if err != nil {
		return nil, err
	}
	return c.ListPaymentsWithResponse(context.Background(), &p)
}

func checkFilters(check string, c *client.ClientWithResponses, expectedTotal int) {
	statuses := strings.Split(os.Getenv("FILTER_STATUSES"), ",")
	since := os.Getenv("FILTER_FROM")
	// How a caller writes it: Statuses: &[]client.PaymentStatus{"APPROVED", "ON_HOLD"} (PaymentStatus = string).
	// oapi-codegen prunes the schemas no operation uses, the KnownPaymentStatus enum among them.
	resp, err := listPage(c, map[string]any{"statuses": statuses, "fromCreatedDate": since, "limit": 250})
	if err != nil {
		report(check, false, err.Error())
		return
	}
	if resp.JSON200 == nil {
		report(check, false, fmt.Sprintf("status %d: %s", resp.StatusCode(), resp.Body))
		return
	}
	bound, _ := time.Parse(time.RFC3339Nano, since)
	var wrong []string
	for _, payment := range resp.JSON200.Results {
		status := asString(payment.Status)
		created, _ := time.Parse(time.RFC3339Nano, asString(payment.Created))
		if !contains(statuses, status) || created.Before(bound) {
			wrong = append(wrong, payment.Id)
		}
	}
	results := len(resp.JSON200.Results)
	detail := fmt.Sprintf("totalResults %d (%d sent as documented), %d on the page", resp.JSON200.TotalResults, expectedTotal, results)
	if len(wrong) > 0 {
		detail += fmt.Sprintf("; outside the filter: %v", wrong)
	}
	report(check, len(wrong) == 0 && results > 0 && int(resp.JSON200.TotalResults) == expectedTotal, detail)
}

func checkPaging(check string, c *client.ClientWithResponses) {
	seen := map[string]bool{}
	count, offset, total, pages := 0, 0, -1, 0
	for total < 0 || offset < total {
		resp, err := listPage(c, map[string]any{"limit": 50, "offset": offset})
		if err != nil || resp.JSON200 == nil {
			report(check, false, fmt.Sprintf("at offset %d: %v %s", offset, err, bodyOf(resp)))
			return
		}
		total, pages = int(resp.JSON200.TotalResults), pages+1
		if len(resp.JSON200.Results) == 0 {
			break
		}
		for _, payment := range resp.JSON200.Results {
			seen[payment.Id] = true
			count++
		}
		offset += len(resp.JSON200.Results)
	}
	report(check, count == total && len(seen) == total, fmt.Sprintf("%d payments (%d distinct) in %d pages of 50, totalResults %d", count, len(seen), pages, total))
}

func checkAuth401(check, server, merchantID string) {
	resp, err := listPage(newClient(server, merchantID, "not-the-secret-key"), map[string]any{})
	if err != nil {
		report(check, false, err.Error())
		return
	}
	if resp.JSON401 == nil {
		report(check, false, fmt.Sprintf("status %d: %s", resp.StatusCode(), resp.Body))
		return
	}
	e := resp.JSON401
	report(check, resp.StatusCode() == 401 && e.ErrorCode != "" && e.ErrorId != "", fmt.Sprintf("status %d, errorCode %q, errorId %q", resp.StatusCode(), e.ErrorCode, e.ErrorId))
}

func sendVector(c *client.ClientWithResponses, operation string, params map[string]any) error {
	if operation == "getConfiguration" {
		if value, ok := params["include"].(string); ok {
			params["include"] = []string{value}
		}
		params["User-Agent"] = userAgent
		var p client.GetConfigurationParams
		text, _ := json.Marshal(params)
		if err := json.Unmarshal(text, &p); err != nil {
			return err
		}
		_, err := c.GetConfigurationWithResponse(context.Background(), &p)
		return err
	}
	_, err := listPage(c, params)
	return err
}

func vectors(recorder, merchantID, secretKey, vectorsPath string) {
	c := newClient(recorder, merchantID, secretKey)
	checkVectors(recorder, vectorsPath, func(v vector) error { return sendVector(c, v.Operation, v.Params) })
}

// asString reads a string-like field whatever Go type the generator gave it (string, time.Time, pointer).
func asString(value any) string {
	text, _ := json.Marshal(value)
	var out string
	_ = json.Unmarshal(text, &out)
	return out
}

func bodyOf(resp *client.ListPaymentsResponse) string {
	if resp == nil {
		return ""
	}
	return fmt.Sprintf("status %d: %s", resp.StatusCode(), resp.Body)
}

func main() {
	merchantID, secretKey := os.Getenv("MERCHANT_ID"), os.Getenv("SECRET_KEY")
	for _, run := range []struct{ prefix, url, total string }{{"", "SANDBOX_URL", "FILTER_TOTAL"}, {"evolve-", "EVOLVING_SANDBOX_URL", "EVOLVING_FILTER_TOTAL"}} {
		server := os.Getenv(run.url)
		sandbox := newClient(server, merchantID, secretKey)
		expected, _ := strconv.Atoi(os.Getenv(run.total))
		checkFilters(run.prefix+"filters", sandbox, expected)
		checkPaging(run.prefix+"paging", sandbox)
		checkAuth401(run.prefix+"auth401", server, merchantID)
	}
	vectors(os.Getenv("RECORDER_URL"), merchantID, secretKey, os.Getenv("VECTORS"))
}
