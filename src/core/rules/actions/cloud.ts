// Action rules: cloud. Data with examples that must and must not match (test/rule-packs.test.ts).
import type { Rule } from "../../rule-pack.js";
import { withPrecheck, re, T, END, START, NO_DRY_RUN, outsideQuotedText, DETERMINER, CLI_REMOVE_VERB, CLI_WORD, VERB_OPERAND, NOT_A_CLIENT, NOT_THROWAWAY } from "./fragments.js";

/**
 * Checked where a removal verb has matched (not at every word, which costs a scan per word): the
 * verb empties a cache, which fills again (wp cache flush, purge_cache, flush-cache,
 * unbound-control flush_zone), or the command removes only what has expired (--expired).
 */
const NOT_A_CACHE_FLUSH = String.raw`(?<!\bcaches?[ :](?:flush|flushall|clear|clean|purge|rebuild)|\b(?:flush|clear|clean|purge|invalidate)[_-]caches?|\bcaches?[_-](?:flush|clear|clean|purge|rebuild)|\bunbound-control(?: -[sc] \S+)* flush\w*)(?![^;&|<>]{0,200}? --expired(?=$|[\s;&|]))`;

/**
 * Not a Kafka on this machine: a command whose only bootstrap server is localhost, deleting a topic
 * or group named for tests or development, works on the developer's own broker, unless it names
 * production (a tunnel to it) anywhere.
 */
const NOT_LOCAL_KAFKA = String.raw`(?!(?=[^;&|]{0,300}? --bootstrap-server[ =](?:localhost|127\.0\.0\.1)(?::\d+)?(?=$|[\s;&|]))(?=[^;&|]{0,300}? --(?:topic|group)[ =]['"]?[\w.-]*?(?<![a-z0-9])(?:test|tests|dev|tmp|scratch|demo|sandbox)(?![a-z0-9])[\w.-]*['"]?(?=$|\s))(?![^;&|]{0,300}? --(?:topic|group)[ =][^;&|]{0,300}? --(?:topic|group)[ =])(?<!\b(?:port-forward|ssh)\b[^\n]{0,400})(?![^;&|]{0,300}? --bootstrap-server[ =](?!(?:localhost|127\.0\.0\.1)(?::\d+)?(?=$|[\s;&|])))(?![^;&|]*\b(?:prod|production|prd|live)\b))`;

export const CLOUD_RULES: readonly Rule[] = [
  {
    id: "cloud.snapshot-shared",
    category: "cloud",
    reason: "Shares a disk snapshot, machine image or database snapshot with another cloud account: whoever owns it can copy everything on it (T1537).",
    score: 90,
    keywords: ["modify-snapshot-attribute", "modify-image-attribute", "modify-db-snapshot-attribute", "modify-db-cluster-snapshot-attribute"],
    pattern: re(String.raw`\baws(?: ${T}+){0,6}? (?:ec2 modify-snapshot-attribute${END}[^;&|]{0,300}?(?:--operation-type[= ]add${END}|--create-volume-permission[= ]['"]?\{?['"]?add)|ec2 modify-image-attribute${END}[^;&|]{0,300}?(?:--operation-type[= ]add${END}|--launch-permission[= ]['"]?\{?['"]?add)|rds modify-db(?:-cluster)?-snapshot-attribute${END}[^;&|]{0,300}?--values-to-add${END})`),
    examples: {
      match: ["aws ec2 modify-snapshot-attribute --snapshot-id snap-0c4e1a9b --attribute createvolumepermission --operation-type add --user-ids 590183775512", "aws rds modify-db-snapshot-attribute --db-snapshot-identifier prod-2026 --attribute-name restore --values-to-add 111122223333", "aws ec2 modify-image-attribute --image-id ami-1 --launch-permission \"add=[{userid=123456789012}]\""],
      noMatch: ["aws ec2 modify-snapshot-attribute --snapshot-id snap-0c4e1a9b --attribute createvolumepermission --operation-type remove --user-ids 590183775512", "aws ec2 describe-snapshot-attribute --snapshot-id snap-1 --attribute createvolumepermission"],
    },
  },
  {
    id: "cloud.bucket-logging-or-versioning-off",
    category: "cloud",
    reason: "Turns off a bucket's access logging or suspends its versioning: reads go unrecorded, or an overwritten or deleted object can no longer be brought back (T1562.008, T1490).",
    score: 70,
    keywords: ["put-bucket-logging", "put-bucket-versioning"],
    pattern: re(String.raw`\baws(?: ${T}+){0,6}? s3api (?:put-bucket-logging${END}[^;&|]{0,300}?--bucket-logging-status[= ]['"]?\{\s*\}|put-bucket-versioning${END}[^;&|]{0,300}?(?:status=suspended|"status"\s*:\s*"suspended"))`),
    examples: {
      match: ["aws s3api put-bucket-logging --bucket claims-photos --bucket-logging-status '{}'", "aws s3api put-bucket-versioning --bucket raw-archive --versioning-configuration status=suspended"],
      noMatch: ["aws s3api put-bucket-versioning --bucket raw-archive --versioning-configuration status=enabled", "aws s3api get-bucket-logging --bucket claims-photos"],
    },
  },

  {
    id: "cloud.aws-s3-remove",
    category: "cloud",
    reason: "Deletes S3 objects or a bucket.",
    score: 55,
    keywords: ["aws s3 "],
    pattern: re(String.raw`\baws s3 (?:rm|rb)${END}${NO_DRY_RUN}`),
    examples: {
      match: ["aws s3 rm s3://bucket/key.txt", "aws s3 rb s3://empty-bucket"],
      noMatch: ["aws s3 ls s3://bucket", "aws s3 cp a.txt s3://bucket/", "aws s3 rm s3://bucket/key --dryrun"],
    },
  },
  {
    id: "cloud.aws-s3-recursive-delete",
    category: "cloud",
    reason: "Recursively deletes an S3 prefix or force-deletes a bucket with all its objects.",
    score: 85,
    keywords: ["aws s3 "],
    pattern: re(String.raw`\baws s3 (?:rm\b[^;&|]{0,300}? --recursive|rb\b[^;&|]{0,300}? --force)${END}${NO_DRY_RUN}`),
    examples: {
      match: ["aws s3 rm s3://prod-assets --recursive", "aws s3 rb s3://logs-bucket --force", "aws s3 rm --recursive s3://bucket/path/"],
      noMatch: ["aws s3 rm s3://bucket/one.txt", "aws s3 ls --recursive s3://bucket"],
    },
  },
  {
    id: "cloud.aws-compute-terminate",
    category: "cloud",
    reason: "Terminates EC2 instances or deletes volumes/snapshots; their disks are gone.",
    score: 85,
    keywords: ["aws ec2 "],
    pattern: re(String.raw`\baws ec2 (?:terminate-instances|delete-volume|delete-snapshot)\b${NO_DRY_RUN}`),
    examples: {
      match: ["aws ec2 terminate-instances --instance-ids i-0abc", "aws ec2 delete-volume --volume-id vol-1"],
      noMatch: ["aws ec2 describe-instances", "aws ec2 stop-instances --instance-ids i-0abc", "aws ec2 terminate-instances --instance-ids i-1 --dry-run"],
    },
  },
  {
    id: "cloud.aws-datastore-delete",
    category: "cloud",
    reason: "Deletes a managed database, table, cluster or search domain and its data.",
    score: 90,
    keywords: ["aws "],
    pattern: /\baws (?:rds delete-db-(?:instance|cluster)|dynamodb delete-table|redshift delete-cluster|docdb delete-db-cluster|neptune delete-db-cluster|elasticache delete-(?:cache-cluster|replication-group)|opensearch delete-domain|es delete-elasticsearch-domain|s3api delete-bucket(?!-))\b/,
    examples: {
      match: ["aws rds delete-db-instance --db-instance-identifier prod-db --skip-final-snapshot", "aws dynamodb delete-table --table-name Orders", "aws opensearch delete-domain --domain-name prod"],
      noMatch: ["aws rds describe-db-instances", "aws s3api delete-bucket-policy --bucket b", "aws dynamodb scan --table-name Orders"],
    },
  },
  {
    id: "cloud.key-or-secret-destruction",
    category: "cloud",
    reason: "Destroys an encryption key or secrets irrecoverably (KMS key deletion, forced secret deletion, disabling a Vault secrets engine).",
    score: 85,
    keywords: ["kms", "secretsmanager", "keyvault", "vault "],
    pattern: /\baws kms (?:schedule-key-deletion|disable-key)\b|\baws secretsmanager delete-secret\b[^;&|]{0,200}?--force-delete-without-recovery|\bgcloud kms keys versions destroy\b|\baz keyvault (?:key )?(?:delete|purge)\b|\bvault (?:secrets|auth) disable\b/,
    examples: {
      match: ["aws kms schedule-key-deletion --key-id abc --pending-window-in-days 7", "aws secretsmanager delete-secret --secret-id x --force-delete-without-recovery", "az keyvault purge --name kv1", "vault secrets disable kv/"],
      noMatch: ["aws kms describe-key --key-id abc", "aws secretsmanager delete-secret --secret-id x --recovery-window-in-days 30"],
    },
  },
  {
    id: "cloud.stack-or-iac-destroy",
    category: "cloud",
    reason: "Destroys every resource an infrastructure stack manages.",
    score: 90,
    keywords: ["terraform", "tofu", "terragrunt", "pulumi", "cdktf", "cdk", "sam", "serverless", "sls", "cloudformation"],
    pattern: /\b(?:terraform|tofu|terragrunt|pulumi|cdktf|cdk)\b[^;&|]{0,60}? (?:destroy|run-all destroy)(?=$|[\s;&|)'"`])(?![^;&|\n]{0,160}?\b(?:ephemeral|preview|pr-\d+|review-app)\b(?![^;&|\n]{0,160}?\b(?:prod|production|prd|shared|staging)\b))|\b(?:terraform|tofu|terragrunt)\b[^;&|]{0,60}? apply\b[^;&|]{0,200}? -destroy\b|\bsam delete\b|\b(?:serverless|sls) remove\b|\baws cloudformation delete-stack\b/,
    examples: {
      match: ["terraform destroy -auto-approve", "terraform -chdir=infra apply -destroy", "pulumi destroy --yes", "aws cloudformation delete-stack --stack-name prod", "terraform destroy on the preview pr-51 workspace, which shares the prod VPC"],
      noMatch: ["terraform plan", "terraform plan -destroy -out=plan", "pulumi preview", "aws cloudformation describe-stacks", "terraform destroy coming up, scoped to the ephemeral pr-5120 workspace"],
    },
  },
  {
    id: "cloud.iac-auto-approve",
    category: "cloud",
    reason: "Applies infrastructure changes without reviewing the plan.",
    score: 70,
    keywords: ["terraform", "tofu", "terragrunt", "pulumi"],
    pattern: /\b(?:terraform|tofu|terragrunt)\b[^;&|]{0,60}? apply\b[^;&|]{0,200}? -auto-approve\b|\bpulumi (?:up|update)\b[^;&|]{0,200}? (?:--yes|-y|--skip-preview)(?=$|[\s;&|)'"`])/,
    examples: {
      match: ["terraform apply -auto-approve", "terraform apply -var env=prod -auto-approve", "pulumi up --yes"],
      noMatch: ["terraform apply", "terraform plan -out tf.plan", "pulumi up"],
    },
  },
  {
    id: "cloud.iac-state-surgery",
    category: "cloud",
    reason: "Edits infrastructure state by hand; resources can be orphaned or recreated.",
    score: 70,
    keywords: ["terraform", "tofu", "terragrunt", "pulumi"],
    pattern: /\b(?:terraform|tofu|terragrunt)\b[^;&|]{0,60}? (?:state (?:rm|push|replace-provider)|force-unlock|taint)(?=$|[\s;&|)'"`])|\bpulumi state delete\b/,
    examples: {
      match: ["terraform state rm aws_instance.web", "terraform state push backup.tfstate", "pulumi state delete urn:pulumi:x"],
      noMatch: ["terraform state list", "terraform state show aws_instance.web"],
    },
  },
  {
    id: "cloud.gcp-project-delete",
    category: "cloud",
    reason: "Deletes a whole GCP project and every resource in it.",
    score: 95,
    keywords: ["gcloud projects delete"],
    pattern: /\bgcloud projects delete\b/,
    examples: {
      match: ["gcloud projects delete my-prod-project", "gcloud projects delete acme-staging --quiet"],
      noMatch: ["gcloud projects list", "gcloud projects describe acme"],
    },
  },
  {
    id: "cloud.gcp-compute-delete",
    category: "cloud",
    reason: "Deletes GCP VM instances, disks or snapshots.",
    score: 80,
    keywords: ["gcloud compute"],
    pattern: /\bgcloud compute (?:instances|disks|snapshots|images|instance-groups managed) delete\b/,
    examples: {
      match: ["gcloud compute instances delete web-1 --zone us-central1-a", "gcloud compute disks delete data-disk"],
      noMatch: ["gcloud compute instances list", "gcloud compute ssh web-1"],
    },
  },
  {
    id: "cloud.gcp-datastore-delete",
    category: "cloud",
    reason: "Deletes a GCP database, cluster or bucket with its data.",
    score: 90,
    keywords: ["gcloud", "bq rm"],
    pattern: /\bgcloud (?:sql (?:instances|databases)|spanner (?:instances|databases)|bigtable instances|firestore databases|redis instances|alloydb clusters|container clusters|filestore instances|storage buckets) delete\b|\bbq rm\b[^;&|]{0,100}? -[a-z]*r/,
    examples: {
      match: ["gcloud sql instances delete prod-db", "gcloud container clusters delete main --region us-east1", "bq rm -r -f dataset1"],
      noMatch: ["gcloud sql instances list", "bq ls"],
    },
  },
  {
    id: "cloud.gcs-recursive-delete",
    category: "cloud",
    reason: "Recursively deletes Cloud Storage objects or a bucket.",
    score: 85,
    keywords: ["gsutil", "gcloud storage rm"],
    pattern: /\bgsutil\b[^;&|]{0,50}? (?:rm(?: [^\s;&|]+){0,5}? (?:-[a-z]*r[a-z]*|--recursive)|rb)(?=$|[\s;&|)'"`])|\bgsutil -m rm\b|\bgcloud storage rm\b[^;&|]{0,200}? (?:-r|--recursive)(?=$|[\s;&|)'"`])/,
    examples: {
      match: ["gsutil rm -r gs://bucket/path", "gsutil -m rm gs://bucket/**", "gcloud storage rm --recursive gs://bucket/"],
      noMatch: ["gsutil ls gs://bucket", "gsutil cp a gs://b/", "gcloud storage rm gs://bucket/file"],
    },
  },
  {
    id: "cloud.gcs-remove",
    category: "cloud",
    reason: "Deletes Cloud Storage objects.",
    score: 55,
    keywords: ["gsutil", "gcloud storage rm"],
    pattern: /\b(?:gsutil(?: -[a-z]+)* rm|gcloud storage rm)(?=$|[\s;&|)'"`])/,
    examples: {
      match: ["gcloud storage rm gs://bucket/file", "gsutil rm gs://bucket/a.txt"],
      noMatch: ["gcloud storage cp gs://bucket/file ./local", "gsutil ls"],
    },
  },
  {
    id: "cloud.azure-group-delete",
    category: "cloud",
    reason: "Deletes an Azure resource group and every resource in it.",
    score: 90,
    keywords: ["az group delete"],
    pattern: /\baz group delete\b/,
    examples: {
      match: ["az group delete --name prod-rg --yes", "az group delete -n rg1 --no-wait"],
      noMatch: ["az group list", "az group show -n rg1"],
    },
  },
  {
    id: "cloud.azure-resource-delete",
    category: "cloud",
    reason: "Deletes an Azure VM, database, cluster or storage account.",
    score: 80,
    keywords: ["az "],
    pattern: /\baz (?:vm|vmss|aks|sql (?:server|db)|cosmosdb|storage account|postgres(?: flexible-server)?|mysql(?: flexible-server)?|webapp|functionapp) delete\b/,
    examples: {
      match: ["az vm delete -g rg -n web1 --yes", "az sql db delete -g rg -s srv -n orders", "az storage account delete -n acct"],
      noMatch: ["az vm list", "az storage account list"],
    },
  },
  {
    id: "cloud.paas-destroy",
    category: "cloud",
    reason: "Destroys a hosted app, database or droplet on a PaaS provider.",
    score: 85,
    keywords: ["heroku", "doctl", "fly", "vercel", "netlify", "railway", "firebase", "supabase", "neonctl", "pscale", "wrangler"],
    pattern: /\bheroku (?:apps:destroy|pg:reset|addons:destroy)\b|\bdoctl\b[^;&|]{0,60}? (?:droplet|databases?|kubernetes cluster|volume|apps)\b[^;&|]{0,30}? (?:delete|rm|d)(?=$|[\s;&|)'"`])|\bfly(?:ctl)? (?:apps )?destroy\b|\bvercel (?:remove|rm)\b|\bnetlify sites:delete\b|\brailway (?:down|delete)\b|\bfirebase (?:projects:delete|firestore:delete|database:remove)\b|\bsupabase projects delete\b|\bneonctl projects delete\b|\bpscale database delete\b|\bwrangler (?:d1|r2 bucket|kv:namespace|kv namespace) delete\b/,
    examples: {
      match: ["heroku apps:destroy --app shop --confirm shop", "doctl compute droplet delete web-1", "fly apps destroy my-app", "wrangler d1 delete my-db"],
      noMatch: ["heroku logs --tail", "doctl compute droplet list", "fly deploy", "wrangler kv:namespace list"],
    },
  },
  {
    id: "cloud.cli-delete",
    commandsOnly: true,
    category: "cloud",
    reason: "Deletes a resource through a service's command-line client; such deletions are often not recoverable.",
    score: 55,
    keywords: ["delete", "destroy", "purge", "terminate", "deregister", "unsubscribe", "untag"],
    pattern: re(
      // (kubectl and oc deletes are kubernetes.delete's.)
      // (Nor a cache emptied, or only what has expired: NOT_A_CACHE_FLUSH.)
      String.raw`${START}(?!(?:${NOT_A_CLIENT}|kubectl|oc)${END})[a-z](?:[\w.:-]*[\w.-])?['"]?(?: (?!(?:echo|printf|grep|rg|git|--dry-?run)${END})(?!(?:get|list|describe|show|head|ls)(?:-[\w-]+)?${END})(?!${T}*:(?:\s|$))${CLI_WORD}){0,7}? (?:[a-z0-9]+-)*(?:delete|destroy|purge|terminate|deregister|unsubscribe|untag)(?:-[a-z0-9-]+)?${NOT_A_CACHE_FLUSH}${VERB_OPERAND}${NO_DRY_RUN}|${START}(?:[a-z0-9]+-)+(?:delete|purge)(?:-[a-z0-9-]+)?${END}${NO_DRY_RUN}`,
    ),
    examples: {
      match: [
        "gh repo delete owner/repo",
        "aws apigateway delete-api-key --api-key abc123",
        "gcloud apigee environments delete my-env --organization=my-org",
        "java -jar jenkins-cli.jar -s http://jenkins.local/ delete-job my-job",
        "nats stream purge ORDERS",
        "kafka-delete-records --bootstrap-server localhost:9092 --offset-json-file offsets.json",
        "executing shell command: vault kv delete secret/myapp/config",
        "aws elasticache delete-cache-cluster --cache-cluster-id sessions-prod",
      ],
      noMatch: ["aws lambda get-function --function-name nightly-purge", "gcloud scheduler jobs describe purge-old-data", 
        "git branch --delete old",
        "echo delete me",
        "find . -delete",
        "mkdir delete-me",
        "aws route53 get-hosted-zone --id Z123",
        "executing shell command: echo please delete the file",
        "running SQL: DELETE FROM sessions WHERE expires_at < now()",
        "wp --path=/home/site/public_html transient delete --expired",
        "cloudflare-cli zone purge-cache example.com",
      ],
    },
  },
  {
    // The same shape as cloud.cli-delete for the other destructive verbs of admin CLIs (message
    // queues, object stores, secret stores, CI, backup tools): `mc admin user remove`, `nats kv del`,
    // `rabbitmqctl delete_queue`, `vault secrets disable`. Package managers, git, docker and kubectl
    // have their own rules, where "remove" is routine (dropping a project dependency). Not the
    // Supabase CLI's own local stack (supabase db reset, supabase stop: the developer's containers)
    // unless it is pointed at a hosted project (--linked, --db-url).
    // (Not a cache emptied, which fills again: wp cache flush, bin/magento cache:clean, unbound-control
    // flush_zone, drush cache:rebuild; nor only what has expired: wp transient delete --expired.)
    id: "cloud.cli-remove",
    commandsOnly: true,
    category: "cloud",
    reason: "Removes, flushes, disables or revokes something through a service's admin command-line client.",
    score: 55,
    keywords: ["remove", "rm", "del", "rb", "uninstall", "unregister", "undeploy", "flush", "clear", "cleanup", "drop", "wipe", "erase", "unpublish", "yank", "revoke", "break-lock", "forget", "prune", "recreate", "reset", "rollback", "archive", "cancel", "kill", "disable", "shutdown", "delete_", "purge_", "_delete", "_purge"],
    pattern: withPrecheck(
      new RegExp(String.raw`${START}(?!supabase (?:db reset|stop)${END}(?![^;&|]*?--(?:linked|db-url)(?=$|[\s=;&|])))(?!(?:${NOT_A_CLIENT}|docker|docker-compose|podman|podman-compose|nerdctl|kubectl|oc|helm|npm|npx|pnpm|yarn|bun|cargo|poetry|uv|pdm|go|dotnet|composer|bundle|gem|pip[\d.]*|pipx|conda|mamba|brew|port|apt|apt-get|aptitude|dnf|yum|zypper|apk|pacman|snap|flatpak|rustup|nvm|pyenv|asdf|mise|make|just|tmux|screen|systemctl|redis-cli|crontab|journalctl|alias|unalias|hash|history|type|which|esptool|esptool\.py|idf\.py|st-flash|nrfjprog|pio|platformio|avrdude|adb|xcrun|python[\d.]*|the|a|an|we|i|you|they|it|then|and|to|also|now)${END})(?<![\w.-])[a-z](?:[\w.:-]*[\w.-])?['"]?(?: (?!(?:echo|printf|grep|rg|git|--dry-?run)${END})(?!(?:get|list|describe|show|head|ls)(?:-[\w-]+)?${END})(?!${T}*:(?:\s|$))${CLI_WORD}){0,7}?(?<! telemetry)${CLI_REMOVE_VERB}${NOT_A_CACHE_FLUSH}${VERB_OPERAND}${NO_DRY_RUN}`),
      new RegExp(String.raw`${CLI_REMOVE_VERB}(?: ${T}|['"\x60]?(?:$|[;&|)]))`),
    ),
    examples: {
      match: [
        "mc admin user remove minio-local bob",
        "nats kv del SETTINGS color",
        "rabbitmqctl delete_queue orders",
        "executing shell command: vault secrets disable secret/",
        "grafana-cli plugins uninstall some-panel",
        "mc rb --force local/archive",
        "algolia indices clear catalog",
        "gh run cancel 12345",
        "infisical reset",
        "gitlab-runner unregister --name runner-1",
        "wrangler deployments rollback abc123",
        "supabase db reset --linked",
        "supabase db reset --db-url=postgresql://postgres@db.example.supabase.co:5432/postgres",
        "supabase db reset --db-url postgresql://postgres@db.example.supabase.co:5432/postgres",
      ],
      noMatch: ["aws s3api get-bucket-lifecycle-configuration --bucket lgc-raw-archive --profile readonly", "gsutil ls gs://team-archive/2024/", 
        "sudo rm -f /tmp/lock",
        "ls | xargs rm -f",
        "unleash features disable my-toggle",
        "gh pr create --title \"remove rm -rf usage\" --body x",
        "aws s3 rm s3://bucket/key --dryrun",
        "git remote remove upstream",
        "npm uninstall lodash",
        "docker rm web",
        "echo remove the file",
        "next telemetry disable now",
        "we should remove the old flag",
        "do the remove of deprecated flags",
        "mc ls local/archive",
        "supabase db reset",
        "supabase stop --no-backup",
        "wp --path=/var/www/staging/greenway cache flush",
        "wp transient delete --expired",
        "unbound-control -s res-stg1.example.internal flush_zone lab.example.internal",
        "bin/magento cache:clean",
        "drush cache:clear render",
        "cf-cli purge_cache --zone example.com",
      ],
    },
  },
  {
    id: "cloud.kafka-admin-delete",
    category: "cloud",
    reason: "Deletes topics, consumer groups, ACLs or records, or resets consumer offsets, in a Kafka or ZooKeeper cluster.",
    score: 60,
    keywords: ["kafka", "zookeeper", "zkcli"],
    pattern: re(
      // (Not a scratch or test topic, by its name, on a cluster named for staging or tests: --topic scratch.tomasz.replay-test on kafka-stg-0.)
      String.raw`${START}(?:kafka-[\w-]+(?:\.sh)?|(?:zookeeper-shell|zkcli)(?:\.sh)?)${END}${NOT_LOCAL_KAFKA}(?!(?=[^;&|]{0,300}?--bootstrap-server[ =][\w.-]*?(?<![a-z0-9])(?:stg|staging|dev|test|qa)(?![a-z])[\w.:-]*)(?![^;&|]{0,300}?--(?:group|all-topics|all-groups))[^;&|]{0,300}?--topic[ =]['"]?(?:scratch|tmp|temp|test|sandbox)[\w.-]*['"]?(?=$|\s))[^;&|]{0,300}? (?:--delete[\w-]*|--remove|--reset-offsets(?=[^;&|]{0,200}? --execute${END})|deleteall|rmr|delete)${END}`,
    ),
    examples: {
      match: [
        "kafka-topics --bootstrap-server broker:9092 --delete --topic audit",
        "kafka-topics.sh --bootstrap-server kafka-prod-0:9092 --delete --topic scratch.tomasz.replay-test",
        "kafka-consumer-groups.sh --bootstrap-server b:9092 --group billing --reset-offsets --to-earliest --all-topics --execute",
        "kafka-acls --bootstrap-server b:9092 --remove --allow-principal User:bob --topic t1",
        "kafka-topics --bootstrap-server localhost:9092 --delete --topic prod.orders",
        "kafka-topics --bootstrap-server localhost:9092 --bootstrap-server kafka-prod:9092 --delete --topic test.t",
        "kafka-topics --bootstrap-server localhost:9092 --delete --topic users",
        "kafka-topics --bootstrap-server localhost:9092 --delete --topic 'test|.*'",
        "kafka-consumer-groups --bootstrap-server localhost:9092 --delete --group test-x --group payments-settle",
        "kubectl -n streaming port-forward svc/kafka 9092:9092 & kafka-topics --bootstrap-server localhost:9092 --delete --topic test.orders",
      ],
      noMatch: [
        "kafka-topics.sh --bootstrap-server kafka-stg-0.example.internal:9092 --delete --topic scratch.tomasz.replay-test",
        "kafka-topics.sh --bootstrap-server localhost:9092 --delete --topic test.roster.events",
        "kafka-topics --bootstrap-server broker:9092 --list",
        "kafka-consumer-groups --bootstrap-server b:9092 --group billing --reset-offsets --to-earliest --all-topics --dry-run",
        "echo kafka-topics --delete",
      ],
    },
  },
  {
    id: "cloud.secret-overwrite-or-disable",
    category: "cloud",
    reason: "Overwrites a stored secret, or disables, revokes or seals a secrets engine; the previous value or access is lost.",
    score: 60,
    keywords: ["secretsmanager", "ssm", "vault", "secrets", "doppler", "keyvault"],
    pattern: re(
      String.raw`${START}(?:aws(?: ${T}+){0,4}? secretsmanager (?:put-secret-value|update-secret|rotate-secret|cancel-rotate-secret|remove-regions-from-replication)|aws(?: ${T}+){0,4}? ssm put-parameter(?=[^;&|]{0,300}? --overwrite${END})|vault(?: -${T}+)* (?:(?:secrets|auth|audit) disable|(?:lease|token) revoke|operator (?:seal|step-down|raft remove-peer|rekey)|kv (?:destroy|metadata delete))|gcloud secrets versions (?:destroy|disable)|az keyvault (?:secret|key) purge|doppler secrets (?:set|upload|delete))${END}`,
    ),
    examples: {
      match: [
        "aws secretsmanager put-secret-value --secret-id app/db --secret-string file://new.json",
        "aws ssm put-parameter --name /app/key --value x --type SecureString --overwrite",
        "vault token revoke -mode=path auth/github",
        "vault operator seal",
      ],
      noMatch: [
        "aws secretsmanager describe-secret --secret-id app/db",
        "aws ssm put-parameter --name /app/new --value x --type String",
        "vault kv get secret/app",
        "vault status",
      ],
    },
  },
  {
    id: "cloud.sdk-delete-call",
    category: "cloud",
    reason: "Calls a client library's delete/destroy method on a remote resource (e.g. a payment or cloud SDK object).",
    score: 55,
    keywords: [".delete(", ".destroy(", ".purge(", ".drop(", ".delete_", ".deletemany(", ".del(", ".deleteindex(", ".clearobjects(", ".deleteobjects(", ".deleteby(", ".cancel("],
    // Search-index SDKs (deleteIndex, clearObjects) act on the whole index; a subscription cancel stops billing.
    pattern: /(?<![\w.$])(?!this\.|self\.)[a-z_$][\w$]{0,40}(?:\.[a-z_$][\w$]{0,40}){1,3}\.(?:delete|destroy|purge|drop|del|delete_(?:all|many|one|object|objects)|deletemany)\( ?['"\w]|(?<![\w$])(?!this\.|self\.)[a-z_$][\w$]{0,40}\.(?:deleteindex|clearobjects|deleteobjects|deleteby)\(|\bsubscriptions?\.cancel\( ?['"\w]/,
    examples: {
      match: ["gateway.customer.delete('cust_9')", "stripe.customers.del(\"cus_1\")", "client.indices.delete(index='logs')", "index.clearObjects()", "gateway.subscription.cancel('sub_1')"],
      noMatch: ["this.cache.delete(key)", "seen.delete(id)", "os.remove('x')", "client.indices.get(index='logs')"],
    },
  },
  {
    id: "cloud.destroy-infrastructure-natural",
    category: "cloud",
    reason: "Asks to tear down clusters, buckets, servers or environments.",
    score: 80,
    keywords: ["delet", "destroy", "tear", "terminat", "decommission", "nuk", "wip"],
    pattern: outsideQuotedText(re(
      String.raw`\b(?:delete|deleting|destroy|destroying|tear down|tearing down|teardown|terminate|terminating|decommission|decommissioning|nuke|nuking|wipe|wiping) ${DETERMINER} ${NOT_THROWAWAY}(?:[\w.-]+ ){0,2}?(?:clusters?|s3 buckets?|buckets?|servers?|vms?|virtual machines?|environments?|infrastructure|infra|stacks?|namespaces?|droplets?)\b`,
    )),
    examples: {
      match: ["tear down the staging environment", "delete the prod cluster", "Destroy all the EC2 servers", "delete the S3 bucket"],
      noMatch: ["describe the cluster", "delete the local branch", "restart the dev server", "Deleting my own preview namespace preview-pr-498 now that that PR is merged.", "tear down the local dev stack and its volumes"],
    },
  },
  {
    id: "cloud.declarative-prune",
    category: "cloud",
    reason: "A declarative sync or apply that prunes: everything missing from the given config is deleted from the live system.",
    score: 55,
    keywords: ["deck", "--prune", "prune"],
    pattern: re(
      String.raw`${START}(?:deck(?: gateway)? sync${END}[^;&|]{0,200}? --select-tag|(?:kubectl|oc) (?:${T}+ ){0,4}?apply${END}[^;&|]{0,300}? --prune${END}(?![^;&|]{0,300}? --dry-run)|argocd app sync${END}[^;&|]{0,300}? --prune${END})`,
    ),
    examples: {
      match: ["deck sync --select-tag team-a -s kong.yaml", "kubectl apply -f manifests/ --prune -l app=web", "argocd app sync api --prune"],
      noMatch: ["deck sync -s kong.yaml", "kubectl apply -f manifests/", "kubectl apply -f m/ --prune -l a=b --dry-run=client"],
    },
  },
  {
    id: "cloud.cdn-or-key-change",
    category: "cloud",
    reason: "Activates a new CDN configuration version, invalidates the whole CDN cache, or rolls API keys; live traffic or clients are affected at once.",
    score: 55,
    keywords: ["fastly", "cloudfront", "roll", "rotate", "regenerate", "renew"],
    pattern: re(
      String.raw`${START}(?:fastly(?: ${T}+){0,3}? (?:service[- ])?version activate${END}|aws(?: ${T}+){0,4}? cloudfront create-invalidation(?: ${T}+){0,8}? --paths[ =]['"]?/\*['"]?${END})|\b(?:api[-_]?keys?|access[-_]keys?|account keys) (?:roll|rotate|regenerate|renew)${END}`,
    ),
    examples: {
      match: ["fastly service version activate --version 4", "aws cloudfront create-invalidation --distribution-id E1 --paths '/*'", "stripe api_keys roll rk_123", "az storage account keys renew -n acct --key primary"],
      noMatch: ["fastly service version list", "aws cloudfront get-distribution --id E1", "stripe api_keys list", "aws cloudfront create-invalidation --distribution-id E2 --paths '/artwork/title-88231/*'"],
    },
  },
  {
    id: "cloud.storage-public-access-allowed",
    category: "cloud",
    reason: "Lifts a storage account's or bucket's block on public access: containers and objects in it can then be made readable by anyone (T1562.007).",
    score: 65,
    keywords: ["public-access", "publicaccess", "public_access"],
    pattern: re(
      String.raw`${START}(?:az storage account (?:update|create)${END}[^;&|]{0,300}? --allow-blob-public-access(?:[= ]true)?${END}(?![= ]false)|az storage container (?:set-permission|create)${END}[^;&|]{0,300}? --public-access[= ](?:blob|container)${END}|aws(?: ${T}+){0,4}? (?:s3api|s3control) delete-public-access-block${END}|aws(?: ${T}+){0,4}? (?:s3api|s3control) put-public-access-block${END}[^;&|]{0,400}?(?:blockpublic(?:acls|policy)|ignorepublicacls|restrictpublicbuckets)["']?[=:] ?["']?false|gcloud storage buckets update${END}[^;&|]{0,300}? --(?:no-public-access-prevention|public-access-prevention[= ]inherited)${END})`,
    ),
    examples: {
      match: [
        "az storage account update --name acmestagingassets --resource-group rg-web-staging --allow-blob-public-access true",
        "az storage container set-permission --name exports --public-access container --account-name acme",
        "aws s3api delete-public-access-block --bucket acme-exports",
        "aws s3api put-public-access-block --bucket b --public-access-block-configuration BlockPublicAcls=false,IgnorePublicAcls=false,BlockPublicPolicy=false,RestrictPublicBuckets=false",
        "gcloud storage buckets update gs://acme-share --no-public-access-prevention",
      ],
      noMatch: [
        "az storage account update --name acme --allow-blob-public-access false",
        "aws s3api put-public-access-block --bucket b --public-access-block-configuration BlockPublicAcls=true,IgnorePublicAcls=true,BlockPublicPolicy=true,RestrictPublicBuckets=true",
        "aws s3api get-public-access-block --bucket b",
        "gcloud storage buckets update gs://b --public-access-prevention",
        "az storage container create --name logs --public-access off",
      ],
    },
  },
  {
    id: "cloud.log-export-narrowed",
    category: "cloud",
    reason: "Changes what a log sink or export sends on (its filter, its exclusions, its destination): events that stop matching never reach the SIEM or the archive (T1562.008).",
    score: 60,
    keywords: ["logging sinks", "diagnostic-settings", "put-subscription-filter", "logging settings"],
    pattern: re(
      String.raw`\bgcloud(?: (?:alpha|beta))? logging sinks update${END}[^;&|]{0,300}? --(?:log-filter|add-exclusion|remove-exclusions?|clear-exclusions|disabled|destination)(?:[= ]|${END})|\baz monitor diagnostic-settings update${END}|\baws(?: ${T}+){0,4}? logs put-subscription-filter${END}[^;&|]{0,300}? --filter-pattern(?:[= ]|${END})`,
    ),
    examples: {
      match: ["gcloud logging sinks update siem-export --log-filter='severity>=ERROR' --project=prod-core", "gcloud logging sinks update audit --add-exclusion=name=noisy,filter='resource.type=gce_instance'", "az monitor diagnostic-settings update --name toSentinel --resource x --logs '[]'"],
      noMatch: ["gcloud logging sinks list", "gcloud logging sinks describe siem-export", "gcloud logging read 'severity>=ERROR'"],
    },
  },
];
