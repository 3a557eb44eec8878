# The two commands of the README. Everything else is in scripts/.
.PHONY: up test

## Bring everything up and serve the app with demo data on http://127.0.0.1:8080
up:
	./scripts/up.sh

## Run every test
test:
	./scripts/test.sh
