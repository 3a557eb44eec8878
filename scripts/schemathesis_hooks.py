"""Schemathesis hooks for scripts/schemathesis.sh (loaded through SCHEMATHESIS_HOOKS)."""

import schemathesis

# `POST /api/applicant/cv/{id}/pdf` takes the PDF file itself as the body; send generated values
# as raw bytes, like application/octet-stream.
schemathesis.serializer.alias("application/pdf", "application/octet-stream")
