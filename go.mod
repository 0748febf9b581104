module github.com/mastermind-go/mastermind

go 1.26.8
