module merchantordering/generators/openapigeneratorgo

go 1.23

require github.com/GIT_USER_ID/GIT_REPO_ID v0.0.0

// The module path the generator writes by default; the client is generated into ./client.
replace github.com/GIT_USER_ID/GIT_REPO_ID => ./client
