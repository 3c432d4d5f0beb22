{{/* Name of the chart (nameOverride wins). */}}
{{- define "signoria.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Full name of the release's resources (fullnameOverride wins). */}}
{{- define "signoria.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "signoria.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "signoria.selectorLabels" -}}
app.kubernetes.io/name: {{ include "signoria.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "signoria.labels" -}}
helm.sh/chart: {{ include "signoria.chart" . }}
{{ include "signoria.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "signoria.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "signoria.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* The Secret holding the token secret. */}}
{{- define "signoria.tokenSecretName" -}}
{{- default (include "signoria.fullname" .) .Values.tokenSecret.existingSecret }}
{{- end }}

{{/* The Secret holding the Redis URL. */}}
{{- define "signoria.redisSecretName" -}}
{{- default (include "signoria.fullname" .) .Values.redis.existingSecret }}
{{- end }}

{{/* Does the chart's own Secret have anything to hold? */}}
{{- define "signoria.ownSecret" -}}
{{- if or (not .Values.tokenSecret.existingSecret) (not .Values.redis.existingSecret) }}true{{- end }}
{{- end }}
