// Action rules: kubernetes. Data with examples that must and must not match (test/rule-packs.test.ts).
import type { Rule } from "../../rule-pack.js";
import { re, T, END, KUBECTL, NO_DRY_RUN, SHORT_LIVED_NAMESPACE } from "./fragments.js";

/**
 * Not on a cluster that runs on this machine for development (kind, k3d, minikube, Docker Desktop,
 * Rancher Desktop, OrbStack, colima), named by the command's only --context (unquoted, with no quote
 * before it: not words inside an argument; not after a bare option, which may take it as its value;
 * not after `--`, after which every word is an operand), with no --kubeconfig, --server, --cluster or
 * --kube-apiserver in the command, and no KUBECONFIG, HELM_KUBEAPISERVER or `kubectl config set…` /
 * `rename-context` anywhere before it in the text, that could make that name mean another cluster.
 */
// (The look back for a KUBECONFIG or a redefined context runs last, only once a local --context is found.)
const NOT_LOCAL_CLUSTER = String.raw`(?!(?:kubectl|oc|helm)\b(?![^;&|]{0,300}?(?:--kubeconfig|--server|--cluster|--kube-apiserver|(?:^|\s)-s(?:\s|=)))(?:(?!\s--\s)[^;&|'"]){0,300}?(?<!\s--?[\w-]+) --(?:kube-)?context[= ](?:kind|k3d|minikube|docker-desktop|rancher-desktop|orbstack|colima)(?:-[\w.-]+)?${END}(?![^;&|]{0,300}?--(?:kube-)?context)(?<!(?:kubeconfig|kubeapiserver|\bconfig\s+(?:set|unset|rename)[\w-]*)[\s\S]{0,4300}))`;
/** A context or cluster name kind, k3d, minikube, Docker Desktop, Rancher Desktop, OrbStack or colima gives its own cluster. */
const LOCAL_NAME = String.raw`(?:kind|k3d|minikube|docker-desktop|rancher-desktop|orbstack|colima)(?:-[\w.-]+)?`;
const LOCAL_CONTEXT = String.raw`${LOCAL_NAME}${END}`;
/** A field selector for a finished phase (failed or succeeded). */
const FINISHED_PHASE = String.raw`[= ]['"]?status\.phase==?(?:failed|succeeded)${END}`;
/**
 * Only pods that have finished (failed or succeeded) are selected: nothing running is deleted. It
 * holds when the resource right after delete is pods (namespaced or not), every --field-selector
 * given selects a finished phase (kubectl keeps the last one), and nothing comes from files (-f, -k,
 * --filename, --kustomize), where kubectl ignores a field selector and deletes all the files name.
 */
const FINISHED_PODS = String.raw`(?!(?: (?:-n ?|--namespace[= ])${T}+| -a| --all-namespaces)* (?:pods?|po)${END}(?=[^;&|]{0,300}? --field-selector${FINISHED_PHASE})(?![^;&|]{0,300}? --field-selector(?!${FINISHED_PHASE}))(?![^;&|]{0,300}? (?:-[a-z]*[fk]|--filename|--kustomize)(?:[= ]|${END})))`;

/**
 * A short-lived thing deleted by name in a command that names no production anywhere: a namespace
 * made for one pull request or run (SHORT_LIVED_NAMESPACE: pr-1873-preview, review-482), or
 * one pod or job in a development, test, CI or staging namespace or context (its controller makes the pod again; the job
 * was a run), or the pods a label selects there (not --all, not every namespace). Only one name, then options only, to the end of the command; one context, and no
 * --cluster, --server or kubeconfig of its own, which could point a staging-named context elsewhere.
 */
const SHORT_LIVED = String.raw`(?<!\bkubeconfig=[^;&|\n]{0,300})\b(?:kubectl|oc)\b(?![^;&|\n]{0,400}?(?<![a-z0-9])(?:prod|production|prd|live)(?![a-z0-9]))(?![^;&|\n]{0,400}?(?:--cluster|--server|--kubeconfig|\s-s[\s=]))(?![^;&|\n]{0,400}?--(?:kube-)?context[^;&|\n]{0,400}?--(?:kube-)?context)(?![^;&|\n]{0,400}?(?: -n ?| --namespace[= ])[^;&|\n]{0,400}?(?: -n ?| --namespace[= ]))(?:(?: ${T}+){0,6}? delete(?: -${T}+(?: (?!-)${T}+)?)* (?:ns|namespaces?)[ /]['"]?${SHORT_LIVED_NAMESPACE}['"]?|(?=[^;&|\n]{0,400}?(?: -n ?| --namespace[= ]| --(?:kube-)?context[= ])[\w.-]*?(?<![a-z0-9])(?:dev|development|test|testing|qa|ci|sandbox|preview|scratch|tmp|staging|stg|stage|uat|nonprod)(?![a-z0-9]))(?: ${T}+){0,6}? delete(?: -${T}+(?: (?!-)${T}+)?)* (?:(?:pods?|po|jobs?)[ /](?!-)[\w.-]+|(?:pods?|po)(?= (?:-l|--selector)[ =]['"]?[\w./-]+=[\w./-]+['"]?(?=$|[\s;&|]))(?![^;&|\n]*(?:--all|\s-a)(?:-namespaces)?${END})(?![^;&|\n]*(?: -n ?| --namespace[= ])[^;&|\n]*(?: -n ?| --namespace[= ]))))(?: -${T}+(?: (?!-)${T}+)?)*\s*(?:$|[;&|])`;

export const KUBERNETES_RULES: readonly Rule[] = [
  {
    id: "kubernetes.default-account-bound",
    category: "kubernetes",
    reason: "Binds a role to a namespace's default service account or to a group every account or user is in: every pod that runs there, or everyone who signs in, gets it (T1098).",
    score: 70,
    keywords: ["rolebinding", "clusterrolebinding"],
    pattern: re(String.raw`${KUBECTL}create (?:cluster)?rolebinding${END}[^;&|]{0,300}? (?:--serviceaccount[= ][\w.-]+:default${END}|--group[= ]['"]?system:(?:authenticated|unauthenticated|serviceaccounts)${END})${NO_DRY_RUN}`),
    examples: {
      match: ["kubectl --context staging -n loyalty create rolebinding debug-help --clusterrole=edit --serviceaccount=loyalty:default", "kubectl create clusterrolebinding view-all --clusterrole=view --group=system:authenticated"],
      noMatch: ["kubectl -n loyalty create rolebinding ci --clusterrole=edit --serviceaccount=loyalty:ci-deployer", "kubectl get rolebinding -n loyalty"],
    },
  },
  {
    id: "kubernetes.logs-excluded",
    category: "kubernetes",
    reason: "Marks a workload's logs to be dropped by the log shipper (fluentbit.io/exclude, co.elastic.logs/enabled=false): what it does stops reaching the log store (T1562.006).",
    score: 60,
    keywords: ["fluentbit.io/exclude", "co.elastic.logs/enabled"],
    pattern: /\b(?:kubectl|oc)\b[^;&|]{0,200}? (?:annotate|label|patch)\b[^;&|]{0,300}?(?:fluentbit\.io\/exclude[^\s=":]{0,40}(?:=|"\s?:\s?)['"]?true|co\.elastic\.logs\/enabled(?:=|"\s?:\s?)['"]?false)/,
    examples: {
      match: ["kubectl -n prod annotate deployment/api fluentbit.io/exclude=true --overwrite", "kubectl annotate pod web-1 co.elastic.logs/enabled=false", `kubectl patch deploy api -p '{"spec":{"template":{"metadata":{"annotations":{"fluentbit.io/exclude":"true"}}}}}'`],
      noMatch: ["kubectl -n prod annotate deployment/api fluentbit.io/exclude=false --overwrite", "kubectl annotate deployment/api team=payments"],
    },
  },

  {
    id: "kubernetes.delete-namespace",
    category: "kubernetes",
    reason: "Deletes a namespace and every workload, secret and volume claim in it.",
    score: 90,
    keywords: ["kubectl", "oc "],
    pattern: re(String.raw`${NOT_LOCAL_CLUSTER}(?!${SHORT_LIVED})${KUBECTL}delete(?: -${T}+(?: (?!-)${T}+)?)* (?:ns|namespaces?)(?:/|${END})`),
    examples: {
      match: ["kubectl delete namespace payments", "kubectl --context prod delete ns staging", "kubectl delete namespace/foo", "kubectl --context prod-euw1 delete namespace pr-1873-preview", "kubectl delete namespace pr-1873-preview payments", "kubectl delete ns preview-live-checkout", "kubectl --context gke_acme-staging_europe-west1_main delete namespace checkout-v2-preview"],
      noMatch: ["kubectl get ns", "kubectl delete pod web-1 -n ns", "kubectl create namespace x", "kubectl --context kind-dev delete namespace preview-pr-1842", "kubectl --context dev-euw1 delete namespace pr-1873-loyalty-preview", "kubectl delete namespace review-$CI_COMMIT_REF_SLUG --ignore-not-found", "kubectl --context aks-shop-stg-eus2 -n orders delete pod orders-worker-7d9f8c6b5-x2kqp", "kubectl --context acme-staging -n payments-staging delete pod api-6c9f7b7d4-x2kqm"],
    },
  },
  {
    id: "kubernetes.delete-all",
    category: "kubernetes",
    reason: "Deletes every resource of a kind (or across all namespaces).",
    score: 90,
    keywords: ["kubectl", "oc "],
    pattern: re(String.raw`${KUBECTL}delete${END}[^;&|]{0,200}? (?:--all|-a|--all-namespaces)${END}`),
    examples: {
      match: ["kubectl delete pods --all", "kubectl delete deployments --all -n prod", "kubectl delete pvc -A --all"],
      noMatch: ["kubectl get pods --all-namespaces", "kubectl delete pod web-1"],
    },
  },
  {
    id: "kubernetes.delete-stateful",
    category: "kubernetes",
    reason: "Deletes persistent volumes, claims, stateful sets or CRDs; stored data or custom resources go with them.",
    score: 75,
    keywords: ["kubectl", "oc "],
    pattern: re(String.raw`${KUBECTL}delete(?: -${T}+(?: (?!-)${T}+)?)* (?:pvc?|persistentvolumes?|persistentvolumeclaims?|statefulsets?|sts|crds?|customresourcedefinitions?)(?:/|${END}|\.)`),
    examples: {
      match: ["kubectl delete pvc data-postgres-0", "kubectl delete statefulset redis", "kubectl delete crd certificates.cert-manager.io"],
      noMatch: ["kubectl get pvc", "kubectl delete pod redis-0"],
    },
  },
  {
    id: "kubernetes.delete",
    category: "kubernetes",
    reason: "Deletes Kubernetes resources.",
    score: 60,
    keywords: ["kubectl", "oc "],
    // Not pods that have already finished (--field-selector=status.phase=Failed or Succeeded): clearing them is upkeep.
    // (Nor `kubectl auth can-i delete …`: it asks whether a delete would be allowed.)
    pattern: re(String.raw`${NOT_LOCAL_CLUSTER}(?!${SHORT_LIVED})(?!\b(?:kubectl|oc)\b[^;&|]{0,200}?\bauth can-i\b)${KUBECTL}delete${END}${FINISHED_PODS}`),
    examples: {
      match: ["kubectl delete pod web-1", "kubectl -n prod delete deployment api", "kubectl -n claims-dev delete pod a b", "kubectl -n claims-dev delete pods --all", "kubectl -n claims-dev delete deployment api", "kubectl -n payments delete pod api-1", "kubectl --context prod-eks -n dev delete pod api-1", "kubectl -n claims-dev delete pod -l app=api --all-namespaces", "kubectl -n dev -n payments delete pods -l app=api", "kubectl -n claims-dev delete pods -l '!nonexistent'", "kubectl -n claims-dev delete pod -l app=api -A", "kubectl -n claims-dev delete deploy -l app=api", "oc delete route frontend", "kubectl delete pods --all -n prod --field-selector=status.phase=Running", "kubectl delete -f k8s/prod/ --field-selector=status.phase=Failed", "kubectl delete -k overlays/prod --field-selector=status.phase=Failed", "kubectl delete pods -l app=api -n prod --field-selector=status.phase=Failed --field-selector=metadata.namespace=prod", "kubectl delete deployments,pods -n prod --field-selector=status.phase=Failed", "kubectl delete secret db-creds -n prod --field-selector=status.phase=Failed", "kubectl delete pods -n prod --field-selector='status.phase=Failed' --field-selector 'status.phase=Running'", "export KUBECONFIG=/tmp/k; kubectl --context kind-dev delete deploy api", "KUBECONFIG=/tmp/x kubectl --context kind-dev delete ns prod", "kubectl --context kind-dev --kubeconfig /tmp/k delete ns prod", "kubectl --context kind-dev delete ns a --context prod-main", "kubectl --context kind-dev -s https://prod.example:6443 delete deploy api", "kubectl delete ns prod -l 'a --context kind-dev'", "kubectl --context kind-dev --cluster prod-main delete deploy api", "kubectl config set-context kind-dev --cluster=prod-eks && kubectl --context kind-dev delete deploy api", "kubectl --context acme-staging --cluster aks-main -n orders delete job nightly-backup", "kubectl --context acme-staging -n orders delete pod api-1 --context aks-shop-eus2", "KUBECONFIG=/tmp/k kubectl --context acme-staging -n orders delete pod api-1", "kubectl delete deploy api --cache-dir --context kind-dev", "kubectl delete deploy api -- x --context kind-dev"],
      noMatch: ["kubectl auth can-i delete secrets -n billing --as system:serviceaccount:billing:svc --context aks-prod", "kubectl get pods", "kubectl describe deployment api", "oc delete pod -l app=booking-api-mock -n booking-dev", "kubectl -n claims-dev delete pod -l app=api", "kubectl delete pod -n dev -l app=web --field-selector=status.phase=Failed", "kubectl delete pods --field-selector status.phase==Succeeded -A", "kubectl -n ci delete pods --field-selector=status.phase=Succeeded", "kubectl delete -n ci po --field-selector=status.phase=Failed -l job=nightly", "kubectl delete pods -n ci --field-selector='status.phase=Succeeded'", "kubectl --context kind-dev -n default delete pod -l app=orders-api", "kubectl --context sbm-nonprod-eks -n claims-dev delete job fraud-backfill-test-1123", "kubectl -n claims-dev delete pod photo-ingest-7f9c6d-x2kqp", "kubectl --context dev-euw1 delete namespace pr-1873-loyalty-preview", "kubectl --context aks-shop-stg-eus2 -n orders delete pod orders-worker-7d9f8c6b5-x2kqp", "kubectl --context acme-staging -n payments-staging delete pod api-6c9f7b7d4-x2kqm"],
    },
  },
  {
    id: "kubernetes.drain-node",
    category: "kubernetes",
    reason: "Drains or cordons a node, evicting or blocking its workloads.",
    score: 60,
    keywords: ["kubectl", "oc "],
    // (Not a dry run: --dry-run=client or =server prints what would be evicted and changes nothing.)
    pattern: re(String.raw`${KUBECTL}(?:drain|cordon)${END}(?![^;&|\n]{0,300}?--dry-run(?:=(?:client|server))?\b)`),
    examples: {
      match: ["kubectl drain node-1 --ignore-daemonsets", "kubectl cordon node-2"],
      noMatch: ["kubectl drain ip-10-0-3-17.ec2.internal --ignore-daemonsets --dry-run=client", "kubectl uncordon node-2", "kubectl get nodes"],
    },
  },
  {
    id: "kubernetes.scale-to-zero",
    category: "kubernetes",
    reason: "Scales a workload to zero replicas, taking it offline.",
    score: 60,
    keywords: ["kubectl", "oc ", "helm"],
    // (Also a Helm release set to no replicas: helm upgrade … --set replicaCount=0.)
    pattern: re(String.raw`${KUBECTL}scale${END}[^;&|]{0,200}? --replicas[= ]0${END}|\bhelm (?:upgrade|install)\b[^;&|]{0,300}? --set(?:-string)?[ =](?:[^\s,]*,)*(?:[\w.-]*\.)?(?:replicacount|replicas|replica_count)=0${END}`),
    examples: {
      match: ["kubectl scale deployment api --replicas=0", "kubectl -n prod scale sts db --replicas 0", "helm upgrade api ./charts/api -n qa --reuse-values --set replicaCount=0", "helm upgrade web chart --set image.tag=v2,worker.replicas=0"],
      noMatch: ["kubectl scale deployment api --replicas=3", "kubectl get deploy"],
    },
  },
  {
    id: "kubernetes.security-agent-disabled",
    category: "kubernetes",
    reason: "Takes a cluster's runtime security or policy agent off its nodes (deleted, scaled to zero, or given a node selector no node has): what runs there is no longer watched or enforced (T1562.001).",
    score: 80,
    keywords: ["falco", "tetragon", "tracee", "sysdig", "crowdstrike", "falcon", "sentinelone", "wazuh", "neuvector", "twistlock", "aqua", "gatekeeper", "kyverno", "defender"],
    pattern: re(String.raw`${KUBECTL}(?:delete|(?:scale|patch)(?=(?:(?![;&|]).){0,600}?(?:--replicas[= ]0${END}|nodeselector)))${END}(?=[^;&|]{0,300}?(?:daemonsets?|ds|deployments?|deploy)(?:${END}|/))(?=[^;&|]{0,300}?\b(?:falco|tetragon|tracee|sysdig|crowdstrike|falcon|sentinelone|wazuh|neuvector|twistlock|aqua|gatekeeper|kyverno|defender)(?:-(?:agent|sensor|node|nodes|daemonset|ds|operator|controller|controller-manager|system|webhook|audit|admission|enforcer|collector)[\w.-]*)?${END})`),
    examples: {
      match: [
        `kubectl --context prod -n falco patch daemonset falco -p '{"spec":{"template":{"spec":{"nodeselector":{"om/falco":"off"}}}}}'`,
        "kubectl -n falco delete daemonset falco",
        "kubectl -n gatekeeper-system scale deployment gatekeeper-controller-manager --replicas=0",
      ],
      noMatch: ["kubectl -n falco get ds falco", "kubectl -n falco rollout restart ds falco", "kubectl -n falco patch ds falco -p '{\"spec\":{\"template\":{\"spec\":{\"tolerations\":[]}}}}'", "kubectl -n app delete deployment api"],
    },
  },
  {
    id: "kubernetes.restart-all",
    category: "kubernetes",
    reason: "Restarts every workload of a kind at once (a rollout restart with no name, or --all): each one's pods are replaced together.",
    score: 62,
    keywords: ["kubectl", "oc "],
    pattern: re(String.raw`${KUBECTL}rollout restart (?:deployments?|deploy|daemonsets?|ds|statefulsets?|sts)(?:${END}(?= -|\s*$|\s*[;&|])|[^;&|]{0,200}? (?:--all|-A|--all-namespaces)${END})`),
    examples: {
      match: ["kubectl rollout restart deployment --all -n prod", "kubectl rollout restart deploy -n prod", "kubectl -n prod rollout restart statefulsets", "kubectl rollout restart ds -A"],
      noMatch: ["kubectl rollout restart deployment/api -n prod", "kubectl rollout restart deployment api -n prod", "kubectl rollout status deployment -n prod"],
    },
  },
  {
    id: "kubernetes.kube-system-change",
    category: "kubernetes",
    reason: "Changes resources in kube-system, which the cluster itself depends on.",
    score: 60,
    keywords: ["kube-system"],
    pattern: re(String.raw`\b(?:kubectl|oc)\b(?=[^;&|]{0,300}? (?:apply|patch|edit|replace|set|label|annotate|create|delete|scale|rollout)${END})[^;&|]{0,300}?(?:-n ?|--namespace[= ])kube-system${END}`),
    examples: {
      match: ["kubectl apply -f cni.yaml -n kube-system", "kubectl -n kube-system patch deployment coredns -p '{}'"],
      noMatch: ["kubectl -n kube-system get pods", "kubectl logs -n kube-system coredns-abc"],
    },
  },
  {
    id: "kubernetes.local-context-redefined",
    category: "kubernetes",
    reason: "Gives a local development cluster's context name (kind-…, minikube…) to another cluster: later deletes through that name would look local.",
    score: 65,
    keywords: ["config", "kubectx", "update-kubeconfig", "get-credentials"],
    // kind, k3d and minikube write their own contexts; a context renamed to one of their names, or pointed at another cluster or server, is not theirs.
    pattern: re(String.raw`\bkubectx ${LOCAL_NAME}=|\baws(?: ${T}+){0,6}? eks update-kubeconfig [^;&|]{0,300}?--alias[= ]${LOCAL_CONTEXT}|\baz aks get-credentials [^;&|]{0,300}?--context[= ]${LOCAL_CONTEXT}|\b(?:kubectl|oc)(?: ${T}+){0,4}? config (?:rename-context ${T}+ ${LOCAL_CONTEXT}|set-context [^;&|]{0,300}?--cluster[= ](?!${LOCAL_CONTEXT})|set-cluster ${LOCAL_CONTEXT}[^;&|]{0,300}? --server[= ](?!['"]?https?://(?:127\.0\.0\.1|localhost|\[::1\])[:/])|set (?:clusters|contexts)\.${LOCAL_NAME}\.)`),
    examples: {
      match: ["kubectl config rename-context prod-main kind-dev", "aws eks update-kubeconfig --name prod-cluster --alias kind-dev", "az aks get-credentials -g rg -n prod-aks --context kind-dev", "kubectx kind-dev=prod-main", "kubectl config set-context kind-dev --cluster=prod-eks", "kubectl config set-context --current --cluster prod-eks", "kubectl config set-cluster kind-dev --server=https://prod.example:6443", "kubectl config set contexts.kind-dev.cluster prod-eks"],
      noMatch: ["kubectl config set-context --current --namespace=payments", "kubectl config use-context kind-dev", "kubectl config set-context kind-dev --cluster=kind-dev --user=kind-dev", "kubectl config set-cluster kind-dev --server=https://127.0.0.1:6443", "kubectl config rename-context kind-dev dev", "aws eks update-kubeconfig --name prod-cluster --alias prod", "kubectx kind-dev"],
    },
  },
  {
    id: "kubernetes.helm-uninstall",
    category: "kubernetes",
    reason: "Uninstalls a Helm release and the resources it created.",
    score: 65,
    keywords: ["helm"],
    // (Not a release named for a preview or review environment, off production: helm uninstall preview-pr-4821 -n previews.)
    pattern: re(String.raw`${NOT_LOCAL_CLUSTER}\bhelm(?: ${T}+){0,4}? (?:uninstall|delete|del)${END}(?! (?:(?:-n|--namespace)[ =](?!\S*prod)\S+ )?(?:(?:preview|review|pr)-[\w-]+\b|['"]?[\w-]*\$\{?ci_(?:commit_ref_slug|merge_request_iid|environment_slug)\}?['"]?(?=$|\s))(?![^;&|\n]*prod))`),
    examples: {
      match: ["helm uninstall preview-pr-12 -n prod", "helm uninstall ingress-nginx -n ingress", "helm --kube-context prod delete api", "helm --kube-context kind-dev --kubeconfig /tmp/k uninstall api", "helm --kube-context kind-dev --kube-apiserver https://prod.example:6443 uninstall api", "HELM_KUBEAPISERVER=https://prod.example:6443 helm --kube-context kind-dev uninstall api", "helm uninstall prod-api --description --kube-context kind-dev"],
      noMatch: ["helm uninstall preview-pr-4821 -n previews", "helm list -A", "helm upgrade --install api ./chart", "helm --kube-context kind-dev uninstall review-app-1842 -n previews", "helm uninstall review-app-1842 -n previews --kube-context kind-dev", "helm uninstall learnhub-$CI_COMMIT_REF_SLUG -n review-apps"],
    },
  },
  {
    id: "kubernetes.exec-into-pod",
    category: "kubernetes",
    reason: "Opens a shell or runs a command inside a running pod.",
    score: 40,
    keywords: ["kubectl", "oc "],
    pattern: re(String.raw`${KUBECTL}(?:exec|attach|debug)${END}`),
    examples: {
      match: ["kubectl exec -it api-0 -- bash", "kubectl -n prod exec deploy/api -- env"],
      noMatch: ["kubectl logs api-0", "kubectl get pods"],
    },
  },
  {
    id: "kubernetes.docker-prune-all",
    category: "kubernetes",
    reason: "Removes all unused images, containers and volumes (or all containers); volume data is lost.",
    score: 65,
    keywords: ["docker", "podman"],
    // (Not volumes pruned by Testcontainers' own label, --filter label=org.testcontainers=true: the test runs' throwaway volumes.)
    pattern: /\b(?:docker|podman)\b[^;&|]{0,30}? (?:system prune\b[^;&|]{0,100}? (?:-a|--all|--volumes|-af|-fa)(?=$|[\s;&|)'"`])|volume (?:prune|rm|remove)\b(?![^;&|]{0,100}?--filter[ =]['"]?label=org\.testcontainers))|\b(?:docker|podman) rm\b[^;&|]{0,30}?\$\( ?(?:docker|podman) ps -a?q/,
    examples: {
      match: ["docker system prune -a -f", "docker volume prune -f", "docker rm -f $(docker ps -aq)", "docker volume rm pgdata"],
      noMatch: ["docker system df", "docker volume ls", "docker ps -aq"],
    },
  },
  {
    id: "kubernetes.docker-force-remove",
    category: "kubernetes",
    reason: "Force-removes containers or images, or prunes unused Docker objects.",
    score: 55,
    keywords: ["docker", "podman"],
    // (Not containers named for tests or local development only, docker rm -f lis-oracle-xe-test: the test's own.)
    pattern: /\b(?:docker|podman)(?: (?:container|image))? (?:rm|rmi)\b(?!(?<!\b(?:ssh|docker_host=)[^;&|\n]{0,200})(?![^;&|\n]{0,300}?(?:prod|live|--context|--host|\s-h\s))(?: -[a-z-]+)*(?: (?=[\w.-]{0,100}?(?<![a-z0-9])(?:test|tests|e2e|ci|dev|local|tmp|scratch|fixtures?)(?![a-z0-9]))[\w.-]{1,100}(?=\s|$|[;&|)])){1,8}(?: -[a-z-]+)*\s*(?:$|[;&|)]|\d?>))[^;&|]{0,100}? -[a-z]*f[a-z]*(?=$|[\s;&|)'"`])|\b(?:docker|podman)(?: (?:container|volume))? prune\b(?![^;&|]{0,100}?--filter[ =]['"]?label=org\.testcontainers)|\b(?:docker|podman) system prune\b(?=[^;&|]{0,100}? (?:-[a-z]*a[a-z]*|--all|--volumes)(?=$|[\s;&|)'"`=]))|\b(?:docker|podman) image prune\b[^;&|]{0,100}? (?:-a|--all)(?=$|[\s;&|)'"`])|\b(?:docker|podman) volume rm\b|(?<!(?:-f|--file)[ =]['"]?)(?<![\w./-])(?<!\b(?:my|our|the) (?:local|test|throwaway|scratch|dev)\b[a-z0-9 ,'+-]{0,80})(?:docker[- ]compose|podman[- ]compose)\b(?!(?: (?:-f|--file)[ =]['"]?(?:[\w./-]{0,120}?[._/-])?(?:test|tests|ci|e2e|integration|dev|local|development|bench|benchmarks?|perf|examples?|sandbox)(?:[._/-][\w-]{1,40}){0,3}\.ya?ml['"]?)+ down\b(?![^;&|]{0,100}?prod))[^;&|]{0,100}? down\b[^;&|]{0,100}? (?:-v|--volumes)(?=$|[\s;&|)'"`])/,
    examples: {
      match: ["docker rm -fv container", "docker rm -f lis-oracle-xe-test payments-db", "docker rm -fv postgres-prod-ci", "ssh prod-db-01 docker rm -fv orders-postgres-dev", "docker rmi -nf image", "docker system prune -a", "docker system prune --volumes -f", "docker system prune --all=true --volumes=true -f", "docker container prune -f", "docker image prune -a", "docker volume rm pgdata", "podman volume prune -f", "docker compose down -v", "docker compose -f docker-compose.prod.yml down -v", "docker compose -f deploy/local/docker-compose.yml down -v --profile prod"],
      // Dangling images only (no -a): nothing any container or tag uses.
      // Build cache, unused networks, and a system prune without -a or --volumes (stopped containers, dangling images, networks, build cache): all made again on the next build.
      // A test, CI or local development compose file's volumes hold that machine's own throwaway data.
      noMatch: ["docker compose -f docker-compose.test.yml down -v --remove-orphans", "docker compose -f bench/docker-compose.yml down -v --remove-orphans", "I'll reset my local Postgres container with docker compose down -v and re-seed the test data.", "Tearing down the local test kdb+ stack with docker compose down -v to drop its stale volumes.", "docker compose -f dev.yml down -v", "docker compose -f docker-compose.dev.yml down -v --remove-orphans", "docker compose -f deploy/local/docker-compose.yml down -v", "docker-compose -f compose.ci.yaml down --volumes", "docker rm container", "docker logs traefik", "docker ps", "docker volume ls", "docker compose down", "docker image prune -f", "docker builder prune -f", "docker network prune -f", "docker system prune -f --filter 'until=72h'", "docker rm -f lis-oracle-xe-test", "docker rm -f courierdesk-pg-test 2>/dev/null", "docker volume prune -f --filter label=org.testcontainers=true"],
    },
  },

  {
    id: "kubernetes.container-bulk-remove",
    category: "kubernetes",
    reason: "Stops, kills or removes every container, or tears a compose project down with its images or volumes, or resets the container engine.",
    score: 60,
    keywords: ["docker", "podman", "compose"],
    pattern: /\b(?:docker|podman|nerdctl)(?: container)? (?:stop|kill|rm|restart|pause)\b[^;&|]{0,100}?(?:\$\(|`) ?(?:docker|podman|nerdctl) (?:container )?(?:ps|ls)\b|\b(?:docker[- ]compose|podman[- ]compose)\b[^;&|]{0,100}? (?:down\b[^;&|]{0,100}? --rmi(?:[= ]all)?|rm\b[^;&|]{0,100}? -[a-z]*[fv][a-z]*(?=$|[\s;&|)'"`]))|\bpodman system reset\b|\b(?:docker|podman) pod prune\b/,
    examples: {
      match: ["docker stop $(docker ps -q)", "docker kill $(docker ps -aq)", "docker compose down --rmi all", "docker-compose rm -f", "podman system reset"],
      noMatch: ["docker stop web", "docker compose down", "docker ps -q", "docker compose rm web"],
    },
  },
];
