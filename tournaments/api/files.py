"""Files: an event's exports (at once, or as a job for a large event) and the jobs that make them."""
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import generics, serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import conflicts, refused
from gaininggrounds.web.downloads import attachment
from jobs.models import Job
from jobs.services import job_now, job_progress
from scoring.problems import conflict
from tournaments import exports
from tournaments.access import is_organizer
from tournaments.fronts import EventScoped, IsOrganizer


class ExportInputSerializer(serializers.Serializer):
    what = serializers.ChoiceField(choices=exports.KINDS)


class JobSerializer(serializers.ModelSerializer):
    round = serializers.SerializerMethodField()
    download = serializers.SerializerMethodField()
    progress = serializers.SerializerMethodField()

    class Meta:
        model = Job
        fields = ["id", "event", "kind", "status", "progress", "round", "download", "errors", "created_at",
                  "finished_at"]

    def get_download(self, job) -> str | None:
        """Where an export's file waits, once it is ready (organizers of the event may fetch it)."""
        request = self.context.get("request")
        if job.kind != Job.EXPORT or job.status != Job.DONE or request is None:
            return None
        return request.build_absolute_uri(reverse("api:job-download", args=[job.pk]))

    def get_round(self, job) -> str | None:
        number = job.result.get("round")
        request = self.context.get("request")
        if number is None or request is None:
            return None
        return request.build_absolute_uri(reverse("api:round-detail", args=[job.event_id, number]))

    def get_progress(self, job) -> int:
        return job_progress(job)


class EventExports(EventScoped):
    permission_classes = [IsOrganizer]

    @extend_schema(request=ExportInputSerializer,
                   responses={200: OpenApiResponse(description="The file (CSV or JSON)"), 202: JobSerializer,
                              409: conflicts("jobs_busy")},
                   summary="Export standings, results or a backup",
                   description="Organizers of the event only: the standings or the results as CSV, or the complete "
                               "backup as JSON (`what`). The file at once (200), or for a large event a job (202) "
                               "whose `download` link appears when the file is ready.")
    def post(self, request, event_id):
        """Standings or results as CSV, or the complete backup as JSON: the file at once (200), or for a
        large event a job whose `download` link appears when the file is ready (202)."""
        event = self.event()
        data = ExportInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        made = exports.export_request(event=event, what=data.validated_data["what"], by=request.user)
        if isinstance(made, Job):
            made.refresh_from_db()
            return Response(JobSerializer(made, context={"request": request}).data,
                            status=status.HTTP_202_ACCEPTED,
                            headers={"Location": request.build_absolute_uri(reverse("api:job-detail", args=[made.pk]))})
        return attachment(made.text, made.name, made.content_type)


@extend_schema_view(get=extend_schema(
    summary="Follow a long job", description=(
        "Organizers of the job's event only: a pairing's or an export's status and progress; `round` links to the "
        "round a pairing made, `download` to the file an export prepared."),
    responses={200: JobSerializer, 403: refused(403, "Signed in, but not an organizer of the job's event."),
               404: refused(404, "No job with this id.")}))
class JobDetail(generics.RetrieveAPIView):
    """A long job's status and progress (organizers of its event): `round` links to the round a pairing
    made, `download` to the file an export prepared."""

    queryset = Job.objects.defer("output").select_related("event")
    serializer_class = JobSerializer
    permission_classes = [IsAuthenticated]

    def get_object(self):
        job = super().get_object()
        if not is_organizer(self.request.user, job.event):
            raise PermissionDenied("Only an organizer of this event may follow its jobs.")
        return job_now(job)


class JobDownload(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiResponse(description="The file (CSV or JSON)"),
                              403: refused(403, "Signed in, but not an organizer of the job's event."),
                              404: refused(404, "No export job with this id."),
                              409: conflicts("export_not_ready")},
                   summary="Download an export's file",
                   description="Organizers of the job's event only: the CSV or JSON file an export job prepared; "
                               "409 `export_not_ready` until it is ready, or once it has failed.")
    def get(self, request, pk):
        """The file an export job prepared (organizers of its event); 409 until it is ready."""
        job = get_object_or_404(Job.objects.select_related("event"), pk=pk, kind=Job.EXPORT)
        if not is_organizer(request.user, job.event):
            raise PermissionDenied("Only an organizer of this event may download its files.")
        job = job_now(job)
        if job.status != Job.DONE:
            raise conflict("export_not_ready", "This export is not ready yet." if job.status != Job.FAILED
                           else "This export failed; ask for it again.")
        return attachment(job.output, job.output_name, job.output_type)
