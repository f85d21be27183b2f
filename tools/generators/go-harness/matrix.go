// What every Go harness of the matrix shares, copied next to each target's main.go (package main): the
// RESULT line, the recorder's reading of a query, and the vectors check around a target's own way of
// sending one (tools/generators/README.md).
package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strings"
)

func report(check string, passed bool, detail string) {
	outcome := "fail"
	if passed {
		outcome = "pass"
	}
	fmt.Println(strings.TrimRight(fmt.Sprintf("RESULT %s %s %s", check, outcome, strings.ReplaceAll(detail, "\n", " ")), " "))
}

// vector is one case of spec/vectors/query-encoding.json; Query is nil for a refusal.
type vector struct {
	Name      string         `json:"name"`
	Operation string         `json:"operation"`
	Params    map[string]any `json:"params"`
	Query     *string        `json:"query"`
}

type recorded struct {
	RawQuery     string   `json:"rawQuery"`
	SamePairs    bool     `json:"samePairs"`
	Difference   string   `json:"difference"`
	DefaultsSent []string `json:"defaultsSent"`
}

// compared asks the recorder whether the last query reads as `expected` (decoded pairs, query-pairs.mjs).
func compared(recorder, expected string) (recorded, error) {
	var last recorded
	resp, err := http.Get(recorder + "/__recorded/last?expected=" + url.QueryEscape(expected))
	if err != nil {
		return last, err
	}
	defer resp.Body.Close()
	err = json.NewDecoder(resp.Body).Decode(&last)
	return last, err
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

// checkVectors sends every vector that has a query through `send` to the recorder and reports "vectors".
// `send` returns an error only when the client could not send the request at all.
func checkVectors(recorder, vectorsPath string, send func(v vector) error) {
	text, err := os.ReadFile(vectorsPath)
	var file struct {
		Cases []vector `json:"cases"`
	}
	if err == nil {
		err = json.Unmarshal(text, &file)
	}
	if err != nil {
		report("vectors", false, err.Error())
		return
	}
	sendable, refusals, corrections := 0, 0, 0
	var mismatches []string
	defaults := map[string]bool{}
	for _, v := range file.Cases {
		if v.Query == nil {
			refusals++
			continue
		}
		if correctsInput(v.Params) {
			corrections++
			continue
		}
		sendable++
		if err := send(v); err != nil {
			mismatches = append(mismatches, fmt.Sprintf("%q: %v", v.Name, err))
			continue
		}
		last, err := compared(recorder, *v.Query)
		if err != nil || !last.SamePairs {
			mismatches = append(mismatches, fmt.Sprintf("%q: %s %v (sent %q)", v.Name, last.Difference, err, last.RawQuery))
		}
		for _, pair := range last.DefaultsSent {
			defaults[pair] = true
		}
	}
	detail := fmt.Sprintf("%d/%d queries read as the vector's (decoded pairs, repeated values in order); %d refusal vectors and %d input-correction vectors (.000 inserted) n/a (a generated client sends what it is given)", sendable-len(mismatches), sendable, refusals, corrections)
	if len(defaults) > 0 {
		var pairs []string
		for pair := range defaults {
			pairs = append(pairs, pair)
		}
		sort.Strings(pairs)
		detail += "; sends the spec's defaults when they are left out (" + strings.Join(pairs, ", ") + "), which the service applies anyway"
	}
	if len(mismatches) > 0 {
		detail += "; " + strings.Join(mismatches, "; ")
	}
	report("vectors", len(mismatches) == 0, detail)
}

func contains(list []string, value string) bool {
	for _, item := range list {
		if item == value {
			return true
		}
	}
	return false
}
