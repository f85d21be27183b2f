// The matrix harness for the oapi-codegen client generated into ./client. Prints one
// `RESULT <check> pass|fail <detail>` line per check (filters, paging, auth401, vectors).
// Settings a user needs, applied here as a user would (see meta.json): Basic auth through a
// RequestEditorFn (req.SetBasicAuth), and one that re-encodes a space, which the runtime writes as `+`
// (url.QueryEscape), as `%20`: a literal `+` is already `%2B`, so every `+` left is a space.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strings"
	"time"

	"merchantordering/generators/oapicodegen/client"
)

const userAgent = "merchant-ordering-generator-matrix/1.0 (Go; oapi-codegen)"

func report(check string, passed bool, detail string) {
	outcome := "fail"
	if passed {
		outcome = "pass"
	}
	fmt.Println(strings.TrimRight(fmt.Sprintf("RESULT %s %s %s", check, outcome, strings.ReplaceAll(detail, "\n", " ")), " "))
}

func newClient(server, merchantID, secretKey string) *client.ClientWithResponses {
	basicAuth := func(_ context.Context, req *http.Request) error {
		req.SetBasicAuth(merchantID, secretKey)
		return nil
	}
	spacesAsPercent20 := func(_ context.Context, req *http.Request) error {
		req.URL.RawQuery = strings.ReplaceAll(req.URL.RawQuery, "+", "%20")
		return nil
	}
	c, err := client.NewClientWithResponses(server, client.WithRequestEditorFn(basicAuth), client.WithRequestEditorFn(spacesAsPercent20))
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

func checkFilters(c *client.ClientWithResponses) {
	since := "2019-01-01T09:00:00.000+11:00"
	resp, err := listPage(c, map[string]any{"statuses": []string{"APPROVED", "DECLINED"}, "fromCreatedDate": since, "limit": 250})
	if err != nil {
		report("filters", false, err.Error())
		return
	}
	if resp.JSON200 == nil {
		report("filters", false, fmt.Sprintf("status %d: %s", resp.StatusCode(), resp.Body))
		return
	}
	bound, _ := time.Parse(time.RFC3339Nano, since)
	var wrong []string
	for _, payment := range resp.JSON200.Results {
		status := asString(payment.Status)
		created, _ := time.Parse(time.RFC3339Nano, asString(payment.Created))
		if (status != "APPROVED" && status != "DECLINED") || created.Before(bound) {
			wrong = append(wrong, payment.Id)
		}
	}
	results := len(resp.JSON200.Results)
	report("filters", len(wrong) == 0 && results > 0, fmt.Sprintf("200, %d of %d payments, all APPROVED/DECLINED and created since %s; not matching: %v", results, resp.JSON200.TotalResults, since, wrong))
}

func checkPaging(c *client.ClientWithResponses) {
	seen := map[string]bool{}
	count, offset, total, pages := 0, 0, -1, 0
	for total < 0 || offset < total {
		resp, err := listPage(c, map[string]any{"limit": 50, "offset": offset})
		if err != nil || resp.JSON200 == nil {
			report("paging", false, fmt.Sprintf("at offset %d: %v %s", offset, err, bodyOf(resp)))
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
	report("paging", count == total && len(seen) == total, fmt.Sprintf("%d payments (%d distinct) in %d pages of 50, totalResults %d", count, len(seen), pages, total))
}

func checkAuth401(server, merchantID string) {
	resp, err := listPage(newClient(server, merchantID, "not-the-secret-key"), map[string]any{})
	if err != nil {
		report("auth401", false, err.Error())
		return
	}
	if resp.JSON401 == nil {
		report("auth401", false, fmt.Sprintf("status %d: %s", resp.StatusCode(), resp.Body))
		return
	}
	e := resp.JSON401
	report("auth401", resp.StatusCode() == 401 && e.ErrorCode != "" && e.ErrorId != "", fmt.Sprintf("status %d, errorCode %q, errorId %q", resp.StatusCode(), e.ErrorCode, e.ErrorId))
}

type vectorFile struct {
	Cases []struct {
		Name      string         `json:"name"`
		Operation string         `json:"operation"`
		Params    map[string]any `json:"params"`
		Query     *string        `json:"query"`
	} `json:"cases"`
}

func recordedQuery(recorder string) (string, error) {
	resp, err := http.Get(recorder + "/__recorded/last")
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var last struct {
		RawQuery string `json:"rawQuery"`
	}
	err = json.NewDecoder(resp.Body).Decode(&last)
	return last.RawQuery, err
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

// Our client inserts .000 into a date given without fractional seconds; a generated client sends it as given.
var wholeSeconds = regexp.MustCompile(`T\d{2}:\d{2}:\d{2}(Z|[+-])`)

func correctsInput(params map[string]any) bool {
	for _, name := range []string{"fromCreatedDate", "toCreatedDate"} {
		if value, ok := params[name].(string); ok && wholeSeconds.MatchString(value) {
			return true
		}
	}
	return false
}

func checkVectors(recorder, merchantID, secretKey, vectorsPath string) {
	text, err := os.ReadFile(vectorsPath)
	var vectors vectorFile
	if err == nil {
		err = json.Unmarshal(text, &vectors)
	}
	if err != nil {
		report("vectors", false, err.Error())
		return
	}
	c := newClient(recorder, merchantID, secretKey)
	sendable, refusals, corrections := 0, 0, 0
	var mismatches []string
	for _, v := range vectors.Cases {
		if v.Query == nil {
			refusals++
			continue
		}
		if correctsInput(v.Params) {
			corrections++
			continue
		}
		sendable++
		sent := ""
		if err := sendVector(c, v.Operation, v.Params); err != nil {
			sent = "<" + err.Error() + ">"
		} else if sent, err = recordedQuery(recorder); err != nil {
			sent = "<" + err.Error() + ">"
		}
		if sent != *v.Query {
			mismatches = append(mismatches, fmt.Sprintf("%q: sent %q, expected %q", v.Name, sent, *v.Query))
		}
	}
	detail := fmt.Sprintf("%d/%d sent as expected; %d refusal vectors and %d input-correction vectors (.000 inserted) n/a (a generated client sends what it is given)", sendable-len(mismatches), sendable, refusals, corrections)
	if len(mismatches) > 0 {
		detail += "; " + strings.Join(mismatches, "; ")
	}
	report("vectors", len(mismatches) == 0, detail)
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
	server, merchantID, secretKey := os.Getenv("SANDBOX_URL"), os.Getenv("MERCHANT_ID"), os.Getenv("SECRET_KEY")
	sandbox := newClient(server, merchantID, secretKey)
	checkFilters(sandbox)
	checkPaging(sandbox)
	checkAuth401(server, merchantID)
	checkVectors(os.Getenv("RECORDER_URL"), merchantID, secretKey, os.Getenv("VECTORS"))
}
