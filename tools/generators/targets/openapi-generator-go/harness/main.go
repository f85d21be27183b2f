// The matrix harness for openapi-generator's `go` client (default settings), generated into ./client as
// package openapi. Prints one `RESULT <check> pass|fail <detail>` line per check: filters, paging and
// auth401 against the plain sandbox, then the same with the `evolve-` prefix against the evolving one,
// then vectors against the recorder (tools/generators/README.md); ../../go-harness/matrix.go is copied
// beside it. Nothing here changes how the client
// encodes or decodes: the server URL, Basic auth and the User-Agent are the client's own options.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	openapi "github.com/GIT_USER_ID/GIT_REPO_ID"
)

func newClient(server string) *openapi.APIClient {
	cfg := openapi.NewConfiguration()
	cfg.Servers = openapi.ServerConfigurations{{URL: server}}
	cfg.UserAgent = "merchant-ordering-generator-matrix/1.0 (Go; openapi-generator go)"
	return openapi.NewAPIClient(cfg)
}

func withCredentials(merchantID, secretKey string) context.Context {
	return context.WithValue(context.Background(), openapi.ContextBasicAuth, openapi.BasicAuth{UserName: merchantID, Password: secretKey})
}

// knownStatuses are the constants the client offers for a status: plain strings of a named type.
func knownStatuses() []string {
	var known []string
	for _, status := range openapi.AllowedKnownPaymentStatusEnumValues {
		known = append(known, string(status))
	}
	return known
}

func filters(check string, c *openapi.APIClient, ctx context.Context, expectedTotal int32) {
	statuses := strings.Split(os.Getenv("FILTER_STATUSES"), ",")
	from := os.Getenv("FILTER_FROM")
	// How a caller writes it: Statuses([]string{string(openapi.APPROVED), "ON_HOLD"}).
	page, _, err := c.PaymentsAPI.ListPayments(ctx).Statuses(statuses).FromCreatedDate(from).Limit(250).Execute()
	if err != nil {
		report(check, false, err.Error())
		return
	}
	bound, _ := time.Parse(time.RFC3339Nano, from)
	var strays []string
	for _, payment := range page.Results {
		if !contains(statuses, payment.GetStatus()) || payment.GetCreated().Before(bound) {
			strays = append(strays, payment.Id)
		}
	}
	detail := fmt.Sprintf("totalResults %d (%d sent as documented), %d on the page; known statuses offered: %s", page.TotalResults, expectedTotal, len(page.Results), strings.Join(knownStatuses(), ", "))
	if len(strays) > 0 {
		detail += fmt.Sprintf("; outside the filter: %v", strays)
	}
	report(check, len(strays) == 0 && len(page.Results) > 0 && page.TotalResults == expectedTotal, detail)
}

func paging(check string, c *openapi.APIClient, ctx context.Context) {
	seen := map[string]bool{}
	count, offset, total, pages := 0, int32(0), int32(-1), 0
	for total < 0 || offset < total {
		page, _, err := c.PaymentsAPI.ListPayments(ctx).Limit(50).Offset(offset).Execute()
		if err != nil {
			report(check, false, fmt.Sprintf("at offset %d: %v", offset, err))
			return
		}
		total, pages = page.TotalResults, pages+1
		if len(page.Results) == 0 {
			break
		}
		for _, payment := range page.Results {
			seen[payment.Id] = true
			count++
		}
		offset += int32(len(page.Results))
	}
	report(check, int32(count) == total && int32(len(seen)) == total, fmt.Sprintf("%d payments (%d distinct) in %d pages of 50, totalResults %d", count, len(seen), pages, total))
}

func auth401(check string, server, merchantID string) {
	_, resp, err := newClient(server).PaymentsAPI.ListPayments(withCredentials(merchantID, "not-the-secret-key")).Execute()
	var apiErr *openapi.GenericOpenAPIError
	if !errors.As(err, &apiErr) {
		report(check, false, fmt.Sprintf("no GenericOpenAPIError: %v", err))
		return
	}
	body, ok := apiErr.Model().(openapi.Error)
	if !ok {
		report(check, false, fmt.Sprintf("status %d, the body was not read as Error: %s", resp.StatusCode, apiErr.Body()))
		return
	}
	report(check, resp.StatusCode == 401 && body.ErrorCode != "" && body.ErrorId != "", fmt.Sprintf("status %d, errorCode %q, errorId %q", resp.StatusCode, body.ErrorCode, body.ErrorId))
}

func stringList(value any) []string {
	switch v := value.(type) {
	case string:
		return []string{v} // a typed client takes a slice; one value is a one-item slice
	case []any:
		out := make([]string, len(v))
		for i, item := range v {
			out[i] = fmt.Sprint(item)
		}
		return out
	}
	return nil
}

func send(c *openapi.APIClient, ctx context.Context, v vector) error {
	if v.Operation == "getConfiguration" {
		r := c.ConfigurationAPI.GetConfiguration(ctx)
		if include, ok := v.Params["include"]; ok {
			r = r.Include(stringList(include))
		}
		_, _, err := r.Execute()
		return err
	}
	r := c.PaymentsAPI.ListPayments(ctx)
	for name, value := range v.Params {
		switch name {
		case "toCreatedDate":
			r = r.ToCreatedDate(value.(string))
		case "fromCreatedDate":
			r = r.FromCreatedDate(value.(string))
		case "limit":
			r = r.Limit(int32(value.(float64)))
		case "offset":
			r = r.Offset(int32(value.(float64)))
		case "tokens":
			r = r.Tokens(stringList(value))
		case "ids":
			r = r.Ids(stringList(value))
		case "merchantReferences":
			r = r.MerchantReferences(stringList(value))
		case "statuses":
			r = r.Statuses(stringList(value))
		case "orderBy":
			r = r.OrderBy(value.(string))
		case "ascending":
			r = r.Ascending(value.(bool))
		default:
			return fmt.Errorf("no parameter %s", name)
		}
	}
	_, _, err := r.Execute()
	return err
}

func vectors(recorder, merchantID, secretKey, path string) {
	c, ctx := newClient(recorder), withCredentials(merchantID, secretKey)
	checkVectors(recorder, path, func(v vector) error {
		var apiErr *openapi.GenericOpenAPIError
		if err := send(c, ctx, v); err != nil && !errors.As(err, &apiErr) { // the recorder's answers are valid; only the request counts
			return err
		}
		return nil
	})
}

func total(name string) int32 {
	var n int32
	fmt.Sscan(os.Getenv(name), &n)
	return n
}

func main() {
	merchantID, secretKey := os.Getenv("MERCHANT_ID"), os.Getenv("SECRET_KEY")
	ctx := withCredentials(merchantID, secretKey)
	for _, run := range []struct{ prefix, url, total string }{{"", "SANDBOX_URL", "FILTER_TOTAL"}, {"evolve-", "EVOLVING_SANDBOX_URL", "EVOLVING_FILTER_TOTAL"}} {
		server := os.Getenv(run.url)
		c := newClient(server)
		filters(run.prefix+"filters", c, ctx, total(run.total))
		paging(run.prefix+"paging", c, ctx)
		auth401(run.prefix+"auth401", server, merchantID)
	}
	vectors(os.Getenv("RECORDER_URL"), merchantID, secretKey, os.Getenv("VECTORS"))
}
