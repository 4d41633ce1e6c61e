"""The console's files: exports at once or through a job, the job's progress page and its download."""
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse

from gaininggrounds.web.downloads import attachment
from jobs.models import Job
from jobs.services import job_progress
from tournaments import exports
from tournaments.fronts import organizer_view
from tournaments.web.console.events import EXPORT_CHOICES
from tournaments.web.console.guards import organized_job


@organizer_view(post_only=True)
def export_file(request, event, what):
    """Standings, results or the backup: the file at once, or for a large event a job to wait for."""
    if what not in exports.KINDS:
        raise Http404("No such export")
    made = exports.export_request(event=event, what=what, by=request.user)
    if isinstance(made, Job):
        return redirect("console:job", made.pk)
    return attachment(made.text, made.name, made.content_type)


@login_required
def job_page(request, job_id):
    """A long job's progress, polled every two seconds until it is done; then where its work is."""
    job = organized_job(request, job_id)
    if job.kind == Job.IMPORT:  # an import is followed on its own page, which says what it registered
        return redirect(f"{reverse('console:import', args=[job.event.slug])}?job={job.pk}")
    progress = job_progress(job)
    return render(request, "console/job.html", {"job": job, "event": job.event, "progress": progress,
                                                "what": dict(EXPORT_CHOICES).get(job.params.get("what"), "")})


@login_required
def job_download(request, job_id):
    job = organized_job(request, job_id)
    if job.kind != Job.EXPORT or job.status != Job.DONE:
        raise Http404("Nothing to download")
    job = Job.objects.get(pk=job.pk)
    return attachment(job.output, job.output_name, job.output_type)
