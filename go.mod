module github.com/mastermind-go/mastermind

go 1.26.8

require github.com/rogpeppe/go-internal v1.16.0 // indirect
