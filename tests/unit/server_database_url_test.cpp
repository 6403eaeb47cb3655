// redact_database_url: what `broadside serve` prints of --db (docs/server.md, "PostgreSQL"): the
// password never appears, whether it is in the user part or a `password=` query parameter.
#include <gtest/gtest.h>

#include "server/storage_open.h"

namespace broadside::server {
namespace {

TEST(DatabaseUrl, ThePasswordInTheUserPartIsHidden) {
    EXPECT_EQ(redact_database_url("postgresql://ann:hunter2@db.example:5432/broadside"),
              "postgresql://ann:***@db.example:5432/broadside");
}

TEST(DatabaseUrl, ThePasswordAsAQueryParameterIsHidden) {
    EXPECT_EQ(redact_database_url("postgresql://127.0.0.1:1/db?password=hunter2"),
              "postgresql://127.0.0.1:1/db?password=***");
    EXPECT_EQ(redact_database_url("postgres://ann@h/db?sslmode=disable&password=hunter2&user=ann"),
              "postgres://ann@h/db?sslmode=disable&password=***&user=ann");
    EXPECT_EQ(redact_database_url("postgresql://ann:pw@h/db?password=other"),
              "postgresql://ann:***@h/db?password=***");
}

TEST(DatabaseUrl, AUrlWithoutAPasswordIsUnchanged) {
    for (const char* url : {"postgresql://h:5432/db", "postgresql://ann@h/db",
                            "postgresql:///db?host=/run/postgresql", "sqlite:/tmp/x.db",
                            "postgresql://h/db?application_name=a@b:c"}) {
        EXPECT_EQ(redact_database_url(url), url);
    }
}

}  // namespace
}  // namespace broadside::server
