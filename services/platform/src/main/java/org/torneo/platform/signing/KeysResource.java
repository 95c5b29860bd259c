package org.torneo.platform.signing;

import java.util.List;

import jakarta.annotation.security.PermitAll;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * GET /keys: the public keys this service signs its chain heads with (public: anyone may check a log). The current
 * key first; an empty list when the service signs nothing. The trust file the audit reads lists the same keys with
 * their validity (see the audit's README).
 */
@PermitAll // public: anyone may check a log (README "Routes and roles")
@Path("/keys")
public class KeysResource {

    @Inject
    ServiceSigning signing;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public List<ServiceSigning.PublishedKey> keys() {
        return signing.published();
    }
}
