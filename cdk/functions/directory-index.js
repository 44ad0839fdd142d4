// CloudFront Function (cloudfront-js-2.0), viewer request, site behaviours only.
// S3's REST endpoint (private bucket behind OAC) has no index documents, so directory URLs are
// rewritten here: /tools/ -> /tools/index.html and /tools -> /tools/index.html. A last path segment
// with a dot (app-1a2b.js, tools.json, 404.html) is a file and passes through unchanged.
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.endsWith('/')) {
    request.uri = uri + 'index.html';
  } else if (uri.lastIndexOf('.') <= uri.lastIndexOf('/')) {
    request.uri = uri + '/index.html';
  }
  return request;
}
