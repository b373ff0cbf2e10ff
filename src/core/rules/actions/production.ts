// Action rules: production. Data with examples that must and must not match (test/rule-packs.test.ts).
import type { Rule } from "../../rule-pack.js";

export const PRODUCTION_RULES: readonly Rule[] = [

  {
    id: "production.target",
    category: "production",
    reason: "The action names a production target.",
    score: 45,
    keywords: ["prod", "live "],
    pattern: /(?<![a-z0-9])(?<!non-)(?<!pre-)prod(?:uction)?(?![a-z0-9])|\blive (?:database|db|site|server|servers|environment|env|cluster|data|system|traffic|users|customers)\b/,
    examples: {
      match: ["kubectl delete deployment api -n prod", "psql -h prod-db.internal", "deploy --env=production", "restart the live database"],
      noMatch: ["list product categories", "improve developer productivity", "produce a report", "deploy to preprod", "run the non-prod suite"],
    },
  },
];
