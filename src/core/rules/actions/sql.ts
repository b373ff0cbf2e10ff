// Action rules: sql. Data with examples that must and must not match (test/rule-packs.test.ts).
import type { Rule } from "../../rule-pack.js";
import { re, T, END, START, SQL_IDENT, outsideMessage, outsideQuotedText, DETERMINER, NOT_THROWAWAY, onKeptDatabase, onKeptTable, ON_LOCAL_DEV_DATABASE, NOT_SCRATCH_TABLE } from "./fragments.js";

export const SQL_RULES: readonly Rule[] = [
  {
    id: "sql.personal-data-export",
    category: "sql",
    reason: "Copies people's data (e-mail addresses, names, phone numbers, addresses, birth dates) out of a database into a file: it leaves the database's access controls (T1005).",
    score: 60,
    keywords: ["copy"],
    alsoOneOf: ["email", "phone", "name", "address", "ssn", "birth", "dob", "customer", "user", "patient", "employee", "member", "contact", "subscriber", "account", "people", "person"],
    // psql's \copy (SELECT …) TO 'file', or COPY (SELECT …) TO '/path' / STDOUT, with two or more columns of people's data.
    pattern: /\\?\bcopy (?:\( ?select \* from |)(?:[\w"]+\.)?"?(?:customers?|users?|patients?|employees?|members?|contacts?|subscribers?|accounts?|people|persons?)"?\b(?: ?\([^)]{0,300}\)|\))?[^;()]{0,200}? to\b|\\?\bcopy \( ?select\b(?=[^)]{0,600}?\b(?:e_?mail|email_address|phone|phone_number|mobile|full_name|first_name|last_name|ssn|address|street|postcode|zip|dob|date_of_birth|birth_date)\b[^)]{0,600}?\b(?:e_?mail|email_address|phone|phone_number|mobile|full_name|first_name|last_name|ssn|address|street|postcode|zip|dob|date_of_birth|birth_date)\b)[^)]{0,1200}\) ?to\b/,
    examples: {
      match: [`psql "$PROD_URL" -c "\\copy (SELECT id, email, full_name, phone FROM customers) TO 'customers.csv' WITH CSV HEADER"`, `\\copy customers TO 'c.csv' CSV`, `psql -c "\\copy (SELECT * FROM users) TO 'u.csv' CSV"`, `COPY (SELECT email, first_name, last_name FROM users) TO '/tmp/users.csv' CSV`],
      noMatch: [`psql -c "\\copy (SELECT id, status, created_at FROM orders) TO 'orders.csv' CSV"`, `\\copy orders TO 'orders.csv' CSV`, `\\copy users FROM 'seed.csv' CSV`, `COPY (SELECT email FROM users WHERE id = 1) TO STDOUT`],
    },
  },

  {
    id: "sql.drop-database",
    category: "sql",
    reason: "Drops a whole database or schema; all its data is gone unless restored from backup.",
    score: 95,
    keywords: ["drop database", "drop schema", "dropdb"],
    // Not a test database by the frameworks' names for them (test_app, app_test, app_test_2, app_test_$USER): dropped and made again on every test run.
    // Nor one named for development (app_dev, PermitsDB_LocalDev): the action model (action.sql.drop) still stops it anywhere but this machine.
    // Only the database dropped counts, never an option's value (dropdb -U app_test orders, --maintenance-db app_test) or the
    // first of a list (DROP SCHEMA test_x, public): dropdb's options are read by name, those taking a value with it.
    // (DROP SCHEMA on a development or test database of this machine resets the database connected to; DROP DATABASE may name another.)
    pattern: onKeptDatabase(new RegExp(String.raw`\bdrop (?:database|${ON_LOCAL_DEV_DATABASE}schema) (?:if exists )?(?!if exists )(?![\x60"[]?(?:test_\w+|\w+_test(?:_\w+|_\$\{?user\}?)?|\w+_(?:local)?dev|\w+_(?:phpunit|pytest|rspec|jest)|\w+(?:unit|integration|e2e)_?tests?)[\x60"\]]?(?!\s*,)(?:$|[\s;'"]))[\w"\x60[]|\bdropdb\b(?!(?: -[efiw]| --(?:echo|force|interactive|if-exists|no-password|password)| -[hpu] ?[^\s;&|]+| --(?:host|port|username|maintenance-db)[= ][^\s;&|]+)* ['"]?(?:test_\w+|\w+_test(?:_\w+|_\$\{?user\}?)?)['"]?(?:$|[\s;&|]))(?!(?![^;&|]{0,300}?(?: -h ?| --host[= ])(?!localhost\b|127\.0\.0\.1\b)[^\s;&|])(?: -[efiw]| --(?:echo|force|interactive|if-exists|no-password|password)| -[hpu] ?[^\s;&|]+| --(?:host|port|username|maintenance-db)[= ][^\s;&|]+)* ['"]?\w+_(?:local)?dev['"]?(?:$|[\s;&|]))`)),
    examples: {
      match: ["running SQL: DROP DATABASE app_production;", "psql -c 'DROP SCHEMA public CASCADE'", "dropdb -h db.internal orders", "dropdb -h db.internal orders_dev", "drop database if exists analytics", "dropdb -U app_test orders", "dropdb -h test_host production", "dropdb --maintenance-db app_test orders", "drop schema if exists test_x , public cascade"],
      noMatch: ["dropdb -e -h localhost -U postgres --if-exists app_test", "dropdb --if-exists -h localhost -p 5433 -U dev ledger_test_ci_4412", "dropdb -p5432 test_shop", "SHOW DATABASES;", "echo 'DROP DATABASE' >> notes.md", "create database app", "dropdb --if-exists app_test && createdb -O app app_test", "psql -c 'DROP DATABASE IF EXISTS test_shop'", "sqlcmd -S localhost,14333 -Q \"DROP DATABASE IF EXISTS PermitsDB_LocalDev; CREATE DATABASE PermitsDB_LocalDev;\"", "dropdb --if-exists mhh_pms_test_$USER && createdb -O $USER mhh_pms_test_$USER", "dropdb --if-exists portal_test_priya && createdb -O priya portal_test_priya", "mysql -h 127.0.0.1 -P 3307 -u root -proot -e 'DROP DATABASE IF EXISTS shopware_phpunit; CREATE DATABASE shopware_phpunit'", "docker compose -f docker-compose.dev.yml exec -T db dropdb -U learnhub --if-exists learnhub_dev"],
    },
  },
  {
    id: "sql.drop-table",
    category: "sql",
    reason: "Drops a database table; the data is gone unless restored from backup.",
    score: 90,
    keywords: ["drop"],
    // (Not the words for SQL text, "grep for DROP TABLE statements in the migrations": a noun that a sentence goes on from.)
    pattern: onKeptTable(new RegExp(String.raw`\bdrop (?:temporary |temp )?table(?: if exists)? (?!if exists )(?!(?:statements?|commands?|calls?|queries|lines?|clauses?)(?= (?!cascade|restrict)[a-z]))${NOT_SCRATCH_TABLE}[\w"\x60[]`)),
    examples: {
      match: ["DROP TABLE statements;", "psql -c 'drop table statements cascade'", "running SQL: DROP TABLE users", "snowsql -c prod -q \"DROP TABLE SCRATCH.DEDUPE_TMP\"", "DROP TABLE tmp_ids, orders;", "mysql -e \"drop table if exists orders;\"", "DROP TABLE \"Public\".\"Users\" CASCADE;", "sqlite3 app.db \"drop table users;\"", "sqlite3 /tmp/../var/lib/app.db \"drop table users;\""],
      // A database in /tmp or in memory is thrown away with what is done to it.
      noMatch: ["Let me grep the migrations folder for DROP TABLE statements to make sure none slipped into this release.", "SHOW TABLES;", "echo 'DROP TABLE' >> notes.md", "create table users (id int)", "git commit -m \"DROP TABLE users in migration 42\"", "sqlite3 /tmp/test_fixture.db \"drop table if exists scratch;\"", "sqlite3 :memory: \"drop table t;\"",
        // A scratch table, named so, with no production word on the line.
        "snowsql -c ql_dev -q \"DROP TABLE IF EXISTS DEV_ME.SCRATCH.DEDUPE_TMP;\"", "DROP TABLE tmp_order_ids;"],
    },
  },
  {
    id: "sql.drop-natural",
    category: "sql",
    reason: "Asks to drop or delete a table or database; the data would be gone unless restored from backup.",
    score: 90,
    keywords: ["drop", "delet", "destroy", "wip", "eras", "nuk", "purg"],
    pattern: outsideQuotedText(re(
      String.raw`\b(?:drop|dropping|drops|delete|deleting|deletes|destroy|destroying|wipe|wiping|erase|erasing|nuke|nuking|purge|purging) ${DETERMINER} ${NOT_THROWAWAY}(?:[\w.-]+ ){0,2}?(?:databases?|dbs?|data ?bases?|tables?|schemas?|collections?)\b`,
    )),
    examples: {
      match: ["drop the users table", "Delete the production database", "wipe the entire db", "I'll drop all tables and recreate them"],
      noMatch: ["describe the users table", "drop a comment in the table of contents", "drop support for node 16", "git commit -m 'Drop the legacy tables'", "Dropping the test database created by the fixture so the next run starts clean.", "Dropping the temp table tmp_import_2024 from my local SQLite test database.", "Dropping the orders table in the throwaway postgres container I started for this test.", "Dropping the ClarityUnitTest database in my local SQL Server container; the test fixture rebuilds it on every run."],
    },
  },
  {
    id: "sql.delete-all-rows-natural",
    category: "sql",
    reason: "Asks to delete all records of a kind; the data would be gone unless restored from backup.",
    score: 80,
    keywords: ["delet", "remov", "wip", "eras", "purg"],
    pattern: outsideQuotedText(/\b(?:delete|deleting|remove|removing|wipe|wiping|erase|erasing|purge|purging) all (?:the |of the )?(?:[\w-]+ )?(?:records|rows|users|customers|orders|accounts|entries|data)\b/),
    examples: {
      match: ["delete all users", "remove all the customer records", "purge all rows from events"],
      noMatch: ["delete the user with id 4", "remove all unused imports"],
    },
  },
  {
    id: "sql.drop-index",
    category: "sql",
    reason: "Drops an index; queries relying on it can slow down sharply until it is rebuilt.",
    score: 60,
    keywords: ["drop index"],
    pattern: outsideMessage(/\bdrop index(?: concurrently)?(?: if exists)? [\w"`[]/),
    examples: {
      match: ["DROP INDEX idx_users_email;", "drop index concurrently if exists orders_created_at"],
      noMatch: ["create index idx on users(email)", "reindex table users"],
    },
  },
  {
    id: "sql.drop-user-or-role",
    category: "sql",
    reason: "Drops a database user or role, cutting off whatever depends on it.",
    score: 75,
    keywords: ["drop user", "drop role", "drop login"],
    pattern: outsideMessage(/\bdrop (?:user|role|login)(?: if exists)? [\w"`'[@]/),
    examples: {
      match: ["DROP USER 'app'@'%';", "drop role if exists readonly"],
      noMatch: ["create user app with password 'x'", "list users"],
    },
  },
  {
    id: "sql.truncate",
    category: "sql",
    reason: "Truncates a table, deleting every row at once.",
    score: 85,
    keywords: ["truncate"],
    pattern: onKeptTable(new RegExp(String.raw`\btruncate table ${NOT_SCRATCH_TABLE}[\w"\x60[]|\btruncate (?:only )?(?!only )${NOT_SCRATCH_TABLE}[\w."\x60]+ ?(?:;|$|["'\x60)]| cascade| restart)`)),
    examples: {
      match: ["running SQL: TRUNCATE TABLE orders", "truncate users;", "psql -c 'TRUNCATE audit_log CASCADE'", `docker compose exec -T postgres psql -U billing -d billing_prod -c "TRUNCATE usage_events"`, `docker --context prod exec pg psql -d app_test -c "TRUNCATE usage_events"`, `docker compose exec -T postgres psql -h db.internal -d billing_test -c "TRUNCATE usage_events"`],
      noMatch: ["truncate -s 0 build.log", "truncate the string to 80 characters", "SELECT * FROM users", `docker compose exec -T postgres psql -U billing -d billing_test -c "TRUNCATE usage_events_fixture RESTART IDENTITY"`],
    },
  },
  {
    id: "sql.delete-without-where",
    category: "sql",
    reason: "DELETE without a WHERE clause removes every row of the table.",
    score: 85,
    keywords: ["delete from"],
    pattern: onKeptTable(re(String.raw`\bdelete from (?:only )?${SQL_IDENT}(?: (?:as )?(?!where\b|using\b)[a-z_]\w*)? ?(?:;|$|["'\x60)]|returning\b)`)),
    examples: {
      match: ["DELETE FROM users;", "DELETE FROM \"Public\".\"Users\";", "psql -c \"delete from public.sessions\"", "running SQL: delete from orders"],
      noMatch: ["DELETE FROM users WHERE id = 1;", "delete from users where created_at < now() - interval '1 year'", "select * from users"],
    },
  },
  {
    id: "sql.where-always-true",
    category: "sql",
    reason: "A DELETE or UPDATE whose WHERE clause is always true hits every row.",
    score: 90,
    keywords: ["delete", "update"],
    alsoOneOf: [" where "],
    pattern: onKeptTable(/\b(?:delete from|update)\b[^;]{1,300}? where (?:1 ?= ?1|0 ?= ?0|true|1|'1' ?= ?'1'|'a' ?= ?'a'|1 ?<> ?0)(?=$|[\s;)'"`])/),
    examples: {
      match: ["DELETE FROM users WHERE 1=1", "update accounts set balance = 0 where true;", "delete from sessions where 1 = 1 and 2 = 2"],
      noMatch: ["DELETE FROM users WHERE id = 1", "update users set name='x' where id = 11"],
    },
  },
  {
    id: "sql.update-without-where",
    category: "sql",
    reason: "UPDATE without a WHERE clause overwrites the column in every row.",
    score: 70,
    keywords: ["update"],
    alsoOneOf: [" set "],
    pattern: onKeptTable(re(String.raw`\bupdate (?:only )?${SQL_IDENT} set (?:(?! where\b)[^;]){1,300}?(?:;|$)`)),
    examples: {
      match: ["UPDATE users SET active = false;", "psql -c \"update orders set status='void'\" shop", "running SQL: update accounts set balance = 0"],
      noMatch: ["UPDATE users SET active = false WHERE id = 3;", "update the readme", "npm update lodash"],
    },
  },
  {
    id: "sql.alter-drop-column",
    category: "sql",
    reason: "Drops a column and all the data stored in it.",
    score: 65,
    keywords: ["alter table"],
    pattern: onKeptTable(/\balter table [^;]{1,200}? drop (?:column )?(?:if exists )?(?!constraint\b|index\b|default\b|not null\b|primary\b|foreign\b|key\b)[\w"`[]/),
    examples: {
      match: ["ALTER TABLE users DROP COLUMN email;", "alter table orders drop column if exists notes"],
      noMatch: ["alter table users add column age int", "alter table users drop constraint users_pkey", "alter table users alter column name drop not null"],
    },
  },
  {
    id: "sql.grant-superuser",
    category: "sql",
    reason: "Grants broad database privileges or superuser rights.",
    score: 75,
    keywords: ["grant", "superuser"],
    pattern: outsideMessage(/\bgrant all(?: privileges)?\b|\b(?:create|alter) (?:user|role)\b[^;]{0,200}?\bsuperuser\b|\bgrant [^;]{1,100}? to [^;]{1,100}? with (?:grant|admin) option\b/),
    examples: {
      match: ["GRANT ALL PRIVILEGES ON *.* TO 'app'@'%';", "create role ops with login superuser", "grant select on orders to bob with grant option"],
      noMatch: ["grant select on orders to reporting", "alter role app nosuperuser"],
    },
  },
  {
    id: "sql.nosql-drop",
    category: "sql",
    reason: "Drops a MongoDB database or collection, or flushes a Redis keyspace.",
    score: 90,
    keywords: ["dropdatabase", "dropcollection", ".drop(", "flushall", "flushdb"],
    // Not when the word is only searched for (grep -r flushall src/).
    // Nor a Redis on this machine named so (redis-cli -h 127.0.0.1 -n 3 FLUSHDB, or in a container of a dev compose file): a local cache's keys.
    pattern: /(?<!\b(?:grep|egrep|rg|ag|ack|git grep)\b[^;&|]{0,100})(?<!(?<!\b(?:ssh|exec|docker|kubectl|podman|oc)\b[^;&|]{0,200})\bredis-cli\b(?![^;&|]{0,200}? -h\s*(?!127\.0\.0\.1\b|localhost\b)\S)(?![^;&|]{0,200}?(?: -u | --uri|prod))[^;&|]{0,100}? -h ?(?:127\.0\.0\.1|localhost)\b[^;&|]{0,100})(?<!\b(?:docker|podman) exec (?:-[\w-]+ )*['"]?(?![\w.-]*prod)[\w.-]*(?:local|dev|test)[\w.-]* redis-cli\b(?![^;&|]{0,200}? -(?:h|u)\s*(?!127\.0\.0\.1\b|localhost\b)\S)[^;&|]{0,100})(?<!\b(?:docker[ -]compose|podman[ -]compose)(?: -p [\w.-]{1,60})* -f ['"]?(?![\w./-]{0,120}(?:prod|prd|live))[\w./-]{0,120}?[/._-](?:local|dev|test|ci)[/._-][\w./-]{0,120}['"]?(?: -p [\w.-]{1,60})* exec (?:-[\w-]+ )*[\w.-]+ redis-cli\b(?![^;&|]{0,200}? -(?:h|u)\s*(?!127\.0\.0\.1\b|localhost\b)\S)[^;&|]{0,100})(?<!\b(?:docker[ -]compose|podman[ -]compose) (?:-p ?|--project-name[ =])['\"]?(?![\w.-]*(?:prod|prd|live))[\w.-]*?(?<![a-z0-9])(?:local|dev|test|ci)(?![a-z0-9])[\w.-]*['\"]? exec (?:-[\w-]+ )*[\w.-]+ redis-cli\b(?![^;&|]{0,200}? -(?:h|u)\s*(?!127\.0\.0\.1\b|localhost\b)\S)[^;&|]{0,100})(?<!\b(?:my|our|the) (?:local|test|throwaway|scratch|dev)(?: (?:local|test|throwaway|scratch|dev|docker))? redis(?: container)?\b[a-z ,'-]{0,80})(?:\bdropdatabase\b|\bdropcollection\b|\.drop\( ?\)|\bflush(?:all|db)\b)/,
    examples: {
      match: ["docker compose -p shop-prod-local exec redis redis-cli FLUSHALL", "docker compose -p circle exec redis redis-cli FLUSHALL", "docker compose -p kestrel-local exec redis redis-cli -h cache.internal FLUSHALL", "ssh cache-01 redis-cli -h 127.0.0.1 flushall", "docker exec prod-redis redis-cli -h localhost flushall", "docker exec cache-dev-prod redis-cli FLUSHALL", "docker exec local-redis redis-cli -h cache.internal FLUSHALL", "docker compose -f docker-compose.prod.yml exec redis redis-cli FLUSHALL", "docker compose -f docker-compose.dev.yml exec redis redis-cli -h cache.internal FLUSHALL", "docker compose -f /opt/devops/docker-compose.yml exec redis redis-cli FLUSHALL", "docker compose -f docker-compose.latest.yml exec redis redis-cli FLUSHALL", "docker compose -f deploy/live/docker-compose.dev.yml exec redis redis-cli FLUSHALL", "redis-cli -h localhost -u redis://cache.internal:6379 flushall", "redis-cli -h 127.0.0.1 -h cache.prod.internal flushall", "redis-cli -h cache.internal -n 3 flushdb", "mongosh --eval 'db.dropDatabase()'", "db.users.drop()", "redis-cli FLUSHALL", "redis-cli -n 2 flushdb async", "mongosh --eval 'db.dropCollection(\"orders\")'"],
      noMatch: ["redis-cli -h 127.0.0.1 -p 6379 -n 15 FLUSHDB", "redis-cli -h localhost flushall", "df.drop(columns=['a'])", "redis-cli get key", "db.users.find()", "rg 'flushall' src/", "grep -rn dropDatabase lib/", "docker exec shop-local-redis redis-cli FLUSHALL", "docker compose -f docker-compose.dev.yml exec redis redis-cli FLUSHALL", "docker compose -p kestrel-local exec redis redis-cli FLUSHALL", "Resetting my local Redis container with FLUSHALL; it only holds my test runs' keys.", "Resetting the test Redis container with FLUSHALL; it's the throwaway one compose spins up for integration tests."],
    },
  },
  {
    id: "sql.nosql-delete-production",
    category: "sql",
    reason: "Deletes documents in bulk (deleteMany, remove, drop) in a MongoDB database the connection names as production: what matches is gone for good.",
    score: 90,
    keywords: ["deletemany", ".remove(", ".drop("],
    alsoOneOf: ["mongosh", "mongo "],
    pattern: /\bmongo(?:sh)?\b(?=[^;&|]{0,300}?(?:mongodb(?:\+srv)?:\/\/|--host[= ])[^\s'"]*(?:^|[^a-z0-9])(?:prod|production|prd)(?:[^a-z0-9]|$))[^;&|]{0,600}?\.(?:deletemany|remove|drop)\(/,
    examples: {
      match: [`mongosh "mongodb://claims-notes-prod.example.internal:27017/notes" --eval 'db.notes.deletemany({created_at: {$lt: isodate("2026-01-01")}})'`, "mongosh --host db-prod-2.example.internal --eval 'db.sessions.drop()'"],
      noMatch: [`mongosh "mongodb://claims-notes-staging.example.internal:27017/notes" --eval 'db.notes.deletemany({x: 1})'`, `mongosh "mongodb://notes-prod.example.internal/notes" --eval 'db.notes.find({x: 1})'`],
    },
  },
  {
    id: "sql.nosql-delete-all",
    category: "sql",
    reason: "Deletes every document in a MongoDB collection.",
    score: 85,
    keywords: ["deletemany", ".remove("],
    // (Not on a database of this machine named for development or tests: mongosh 'mongodb://localhost:27017/crm_e2e'.)
    pattern: /(?<!\bmongo(?:sh)? ['"]?mongodb:\/\/(?:localhost|127\.0\.0\.1)(?::\d+)?\/[\w-]*(?:_|\b)(?:dev|test|e2e|local)\w*['"]? [^;&|]{0,200})\.(?:deletemany|remove)\( ?\{ ?\} ?\)/,
    examples: {
      match: ["db.orders.deleteMany({})", "db.sessions.remove({ })"],
      noMatch: ["mongosh 'mongodb://localhost:27017/crm_e2e' --quiet --eval 'db.contacts.deleteMany({})'", "db.orders.deleteMany({status: 'void'})", "list.remove(item)"],
    },
  },
  {
    id: "sql.framework-database-reset",
    category: "sql",
    reason: "A framework command that drops or resets the whole database.",
    score: 85,
    keywords: ["rails", "rake", "sequelize", "prisma", "manage.py", "knex"],
    // Not the test environment's own database (RAILS_ENV=test, -e test): the suite rebuilds it.
    pattern: /(?<!\b(?:rails_env|rack_env)=test [^;&|]{0,60})(?<!\bdatabase_url=['"]?(?:postgres(?:ql)?|mysql):\/\/[^\s@'"]*@?(?:localhost|127\.0\.0\.1)(?::\d+)?\/(?:\w+_)?(?:dev|test|local)(?:_\d+)?['"]? [^;&|]{0,80})\b(?:rails|rake|sequelize(?:-cli)?)\b(?![^;&|]{0,80}? (?:(?:-e|--environment)[ =]test|rails_env=test)\b)[^;&|]{0,40}? db:(?:drop|reset|purge|schema:load)\b|(?<!\bdatabase_url=['"]?(?:postgres(?:ql)?|mysql):\/\/[^\s@'"]*@?(?:localhost|127\.0\.0\.1)(?::\d+)?\/(?:\w+_)?(?:dev|test|local)(?:_\d+)?['"]? [^;&|]{0,80})(?<!\b(?:my|our|the) (?:local|test|throwaway|scratch|dev)\b[a-z0-9 _,'-]{0,80})(?:\bprisma migrate reset\b|\bprisma db push\b[^;&|]{0,100}?--force-reset\b)|\bmanage\.py (?:flush|reset_db)\b(?![^;&|]{0,120}?--settings[= ][\w.]*\btests?\b)|\bknex migrate:rollback\b[^;&|]{0,50}?--all\b/,
    examples: {
      match: ["bin/rails db:drop", "RAILS_ENV=production rake db:reset", "npx prisma migrate reset --force", "DATABASE_URL=mysql://root:root@db.internal:3306/fl_local npx prisma migrate reset --force", "python manage.py flush --noinput"],
      noMatch: ["DATABASE_URL=mysql://root:root@127.0.0.1:3306/fl_local npx prisma migrate reset --force --skip-seed", "Dropping and recreating my local fl_local database with prisma migrate reset, since my schema drifted.", "RAILS_ENV=test bundle exec rails db:drop db:create db:schema:load", "bin/rails db:reset -e test", "bin/rails db:migrate", "npx prisma generate", "python manage.py runserver", "npm run db:reset"],
    },
  },

  {
    id: "sql.restore-drops-data",
    category: "sql",
    reason: "A dump or restore that drops existing databases, tables or collections first (pg_dump/pg_restore --clean, mysqldump --add-drop-*, mongorestore --drop).",
    score: 55,
    keywords: ["pg_dump", "pg_restore", "mysqldump", "mongorestore"],
    pattern: re(
      String.raw`${START}(?:pg_dump(?:all)?|pg_restore)${END}(?=[^;&|]{0,300}? (?:--clean|-c)${END})|${START}(?:mysqldump|mariadb-dump)${END}[^;&|]{0,300}? --add-drop-(?:database|table)${END}|${START}mongorestore${END}[^;&|]{0,300}? --drop${END}`,
    ),
    examples: {
      match: ["pg_dump --clean -d app -f dump.sql", "pg_restore -c -d app dump.tar", "mysqldump --add-drop-database --all-databases > all.sql", "mongorestore --drop dump/"],
      noMatch: ["pg_dump -d app -f dump.sql", "mysqldump app > app.sql", "mongorestore dump/"],
    },
  },
  {
    id: "sql.binlog-reset",
    category: "sql",
    reason: "Deletes the server's binary logs, breaking replicas and point-in-time recovery.",
    score: 75,
    keywords: ["reset master", "reset binary", "purge binary", "purge master"],
    pattern: outsideMessage(/\breset (?:master|binary logs(?: and gtids)?)\b|\bpurge (?:binary|master) logs\b/),
    examples: {
      match: ["mysql -e 'RESET MASTER'", "PURGE BINARY LOGS BEFORE '2024-01-01';", "RESET BINARY LOGS AND GTIDS"],
      noMatch: ["SHOW MASTER STATUS", "git commit -m 'reset master branch docs'"],
    },
  },
  {
    id: "sql.nosql-update-all",
    category: "sql",
    reason: "updateMany({}) overwrites fields in every document of the collection.",
    score: 70,
    keywords: ["updatemany"],
    pattern: /\.updatemany\( ?\{ ?\} ?,/,
    examples: {
      match: ["db.orders.updateMany({}, {$set: {x: 1}})", "mongosh --eval 'db.users.updateMany({ }, {$unset: {email: 1}})'"],
      noMatch: ["db.orders.updateMany({status: 'new'}, {$set: {x: 1}})", "db.orders.find({})"],
    },
  },
  {
    id: "sql.redis-admin",
    category: "sql",
    reason: "Changes Redis persistence, replication or memory limits, or crashes, stalls or mass-deletes from the server.",
    score: 65,
    keywords: ["redis-cli", "valkey-cli", "keydb-cli"],
    pattern: re(
      String.raw`${START}(?:redis|valkey|keydb)-cli${END}[^;&|]{0,300}? (?:config set (?:dir|dbfilename|slaveof|replicaof|maxmemory(?:-policy)?|save|appendonly|requirepass|masterauth)${END}|config (?:rewrite|resetstat)${END}|debug (?:sleep|segfault|crash|oom|panic|restart|reload|jmap)${END}|shutdown${END}|(?:slaveof|replicaof) (?!no one)${T}|cluster (?:reset|forget)${END})|\|[^;&]{0,100}?\bxargs\b[^;&|]{0,100}?\b(?:redis|valkey|keydb)-cli\b[^;&|]{0,100}? (?:del|unlink)${END}`,
    ),
    examples: {
      match: ["redis-cli CONFIG SET dir /var/www", "redis-cli CONFIG REWRITE", "redis-cli DEBUG SLEEP 30", "redis-cli --scan --pattern 'sess:*' | xargs redis-cli del"],
      noMatch: ["redis-cli GET key", "redis-cli CONFIG GET maxmemory", "redis-cli INFO", "redis-cli replicaof no one"],
    },
  },
  {
    // dcg's stdin-unverified rule: the statements come from a file or a pipe nobody reviewed here.
    id: "sql.client-unseen-input",
    category: "sql",
    reason: "Feeds a database client statements from a file or a pipe, so what runs against the database cannot be reviewed here.",
    score: 55,
    keywords: ["psql", "mysql", "mariadb", "sqlite3", "mongosh", "mongo", "redis-cli"],
    pattern: re(
      String.raw`${START}(?:psql|mysql|mariadb|sqlite3?|mongosh|mongo|redis-cli)${END}(?:[^;&|'"]|'[^']*'|"[^"]*"){0,200}? <(?![<(]) ?\\?['"]?[^\s;&|]|\| ?(?:sudo(?: -${T}+)* )?(?:psql|mysql|mariadb|sqlite3?|mongosh|mongo|redis-cli)${END}`,
    ),
    examples: {
      match: ["sqlite3 app.db < migrate.sql", "psql -d app < dump.sql", "cat dump.sql | mysql app", "gunzip -c db.sql.gz | psql shop"],
      noMatch: ["psql -c 'SELECT 1'", "mysql -e 'SHOW DATABASES'", "pg_dump app > app.sql", "sqlite3 app.db '.tables'", "sqlite3 ~/.cache/app/bench.db \"DELETE FROM runs WHERE created_at < date('now','-30 day');\""],
    },
  },
  {
    id: "sql.overwrite-or-expire",
    category: "sql",
    reason: "Overwrites a table or file with a query result, or schedules tables and time-travel history to expire (bq --replace, bq cp -f, VACUUM INTO).",
    score: 60,
    keywords: ["bq", "vacuum into"],
    pattern: re(
      String.raw`${START}bq${END}(?: ${T}+){0,3}? (?:(?:load|query)${END}[^;&|]{0,300}? --replace(?:=true)?${END}|(?:cp|mk)${END}[^;&|]{0,300}? (?:-f|--force)${END}|update${END}[^;&|]{0,300}? --(?:expiration|default_table_expiration|default_partition_expiration|time_partitioning_expiration|max_time_travel_hours)[= ])|\bvacuum into\b`,
    ),
    examples: {
      match: ["bq load --replace dataset.t gs://b/f.csv", "bq cp -f d.src d.dst", "bq update --expiration 3600 d.t", "sqlite3 app.db \"VACUUM INTO '/tmp/backup.db'\""],
      noMatch: ["bq load dataset.t gs://b/f.csv", "bq query 'SELECT 1'", "bq ls", "sqlite3 app.db 'VACUUM'"],
    },
  },
];
